import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';

export type DriverInvitationMail = { to: string; firstName: string; inviterName: string; locationName: string; link: string; validHours: number };

const validity = (hours: number) => (hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hours`);

export const driverInvitationMail = ({ to, firstName, inviterName, locationName, link, validHours }: DriverInvitationMail): MailMessage => ({
  to,
  subject: `You can charge at ${locationName}`,
  text: [
    `Hello ${firstName},`,
    '',
    `${inviterName} registered you as a driver at ${locationName}. To choose your password and activate your account, open:`,
    link,
    '',
    `The link works once and expires in ${validity(validHours)}. If you did not expect this e-mail, ignore it.`,
  ].join('\n'),
  html: mailLayout(
    `You can charge at ${locationName}`,
    `<p>Hello ${escapeHtml(firstName)},</p><p>${escapeHtml(inviterName)} registered you as a driver at ${escapeHtml(locationName)}.</p>${mailButton(link, 'Choose your password')}<p>The link works once and expires in ${validity(validHours)}. If you did not expect this e-mail, ignore it.</p>`,
  ),
});
