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

const paragraphs = (lines: readonly string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/** Sent after every password change, including a reset: the owner learns of a change they did not make. */
export const passwordChangedMail = (to: string, firstName: string, how: 'changed' | 'reset', resetUrl: string): MailMessage => {
  const lines = [
    `Hello ${firstName},`,
    how === 'reset'
      ? 'The password of your Wattdesk account was just reset with a link sent to this address. Every device was signed out.'
      : 'The password of your Wattdesk account was just changed. Your other devices were signed out.',
    'If this was not you, reset your password now and tell your administrator.',
  ];
  return {
    to,
    subject: 'Your Wattdesk password was changed',
    text: [...lines, resetUrl].join('\n\n'),
    html: layout('Your password was changed', `${paragraphs(lines)}${button(resetUrl, 'Reset password')}`),
  };
};

export const confirmEmailChangeMail = (to: string, firstName: string, link: string, validHours: number): MailMessage => {
  const lines = [
    `Hello ${firstName},`,
    'You asked to use this address for your Wattdesk account. Open the link to confirm; until then the account keeps its current address.',
    `The link works once and expires in ${validHours} hours. If you did not ask for this, ignore this e-mail.`,
  ];
  return {
    to,
    subject: 'Confirm your new Wattdesk e-mail address',
    text: [lines[0], lines[1], link, lines[2]].join('\n\n'),
    html: layout(
      'Confirm your new e-mail address',
      `${paragraphs(lines.slice(0, 2))}${button(link, 'Confirm e-mail address')}${paragraphs(lines.slice(2))}`,
    ),
  };
};

export const emailChangeNoticeMail = (to: string, firstName: string, newEmail: string, stage: 'requested' | 'changed'): MailMessage => {
  const lines = [
    `Hello ${firstName},`,
    stage === 'requested'
      ? `Someone signed in to your Wattdesk account asked to change its e-mail address to ${newEmail}. The change applies only once the link sent to that address is used.`
      : `The e-mail address of your Wattdesk account is now ${newEmail}. This address no longer signs in.`,
    'If this was not you, tell your administrator at once.',
  ];
  return {
    to,
    subject: 'Your Wattdesk e-mail address is changing',
    text: lines.join('\n\n'),
    html: layout('E-mail address change', paragraphs(lines)),
  };
};

/** Someone enabled or turned off the second step of a sign-in. */
export const mfaChangedMail = (to: string, firstName: string, enabled: boolean): MailMessage => {
  const lines = [
    `Hello ${firstName},`,
    enabled
      ? 'Two-step sign-in with an authenticator app is now on for your Wattdesk account. Keep your recovery codes somewhere safe.'
      : 'Two-step sign-in was turned off for your Wattdesk account.',
    'If this was not you, reset your password now and tell your administrator.',
  ];
  return {
    to,
    subject: enabled ? 'Two-step sign-in turned on' : 'Two-step sign-in turned off',
    text: lines.join('\n\n'),
    html: layout('Two-step sign-in', paragraphs(lines)),
  };
};
