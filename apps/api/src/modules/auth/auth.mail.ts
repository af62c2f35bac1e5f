import { escapeHtml, mailButton as button, mailLayout as layout } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';

export const resetPasswordMail = (to: string, firstName: string, link: string, validMinutes: number): MailMessage => ({
  to,
  subject: 'Reset your Wattdesk password',
  text: [
    `Hello ${firstName},`,
    '',
    'Someone asked to reset the password of your Wattdesk account. To choose a new password, open:',
    link,
    '',
    `The link works once and expires in ${validMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays the same.`,
  ].join('\n'),
  html: layout(
    'Reset your password',
    `<p>Hello ${escapeHtml(firstName)},</p><p>Someone asked to reset the password of your Wattdesk account.</p>${button(link, 'Reset password')}<p>The link works once and expires in ${validMinutes} minutes. If you did not ask for this, ignore this e-mail: your password stays the same.</p>`,
  ),
});
