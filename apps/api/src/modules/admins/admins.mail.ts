import type { MailMessage } from '../../lib/mailer.ts';
import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';

export type InvitationMail = {
  to: string;
  firstName: string;
  inviterName: string;
  typeLabel: string;
  link: string;
  validHours: number;
};

const validity = (hours: number) => (hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hours`);

export const invitationMail = ({ to, firstName, inviterName, typeLabel, link, validHours }: InvitationMail): MailMessage => ({
  to,
  subject: 'You are invited to Wattdesk',
  text: [
    `Hello ${firstName},`,
    '',
    `${inviterName} invited you to Wattdesk as ${typeLabel}. To choose your password and activate your account, open:`,
    link,
    '',
    `The link works once and expires in ${validity(validHours)}. If you did not expect this invitation, ignore this e-mail.`,
  ].join('\n'),
  html: mailLayout(
    'You are invited to Wattdesk',
    `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(inviterName)} invited you to Wattdesk as ${escapeHtml(typeLabel)}.</p>${mailButton(link, 'Choose your password')}<p>The link works once and expires in ${validity(validHours)}. If you did not expect this invitation, ignore this e-mail.</p>`,
  ),
});
