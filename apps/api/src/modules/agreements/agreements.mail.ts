import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';

type Recipient = { signerName: string; signerEmail: string; accountName: string; propertyName: string };

const dateText = (date: Date) => date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

export const agreementInvitationMail = (agreement: Recipient, link: string, expiresAt: Date): MailMessage => ({
  to: agreement.signerEmail,
  subject: `Please sign the charging agreement for ${agreement.propertyName}`,
  text: [
    `Hello ${agreement.signerName},`,
    '',
    `Wattdesk has prepared the EV charging host agreement for ${agreement.propertyName} (${agreement.accountName}). To read and sign it, open:`,
    link,
    '',
    `The link works until ${dateText(expiresAt)}. If you were not expecting this, you can ignore this e-mail.`,
  ].join('\n'),
  html: mailLayout(
    'Your agreement is ready to sign',
    `<p>Hello ${escapeHtml(agreement.signerName)},</p><p>Wattdesk has prepared the EV charging host agreement for <strong>${escapeHtml(agreement.propertyName)}</strong> (${escapeHtml(agreement.accountName)}).</p>${mailButton(link, 'Review and sign')}<p>The link works until ${escapeHtml(dateText(expiresAt))}. If you were not expecting this, you can ignore this e-mail.</p>`,
  ),
});

export const signedAgreementMail = (agreement: Recipient, signedAt: Date, pdf: Buffer): MailMessage => ({
  to: agreement.signerEmail,
  subject: `Your signed agreement for ${agreement.propertyName}`,
  text: [
    `Hello ${agreement.signerName},`,
    '',
    `Thank you for signing the EV charging host agreement for ${agreement.propertyName} (${agreement.accountName}) on ${signedAt.toISOString()}.`,
    'The signed copy, with its signature certificate, is attached to this e-mail. Keep it for your records.',
  ].join('\n'),
  html: mailLayout(
    'Agreement signed',
    `<p>Hello ${escapeHtml(agreement.signerName)},</p><p>Thank you for signing the EV charging host agreement for <strong>${escapeHtml(agreement.propertyName)}</strong> (${escapeHtml(agreement.accountName)}) on ${escapeHtml(signedAt.toISOString())}.</p><p>The signed copy, with its signature certificate, is attached to this e-mail. Keep it for your records.</p>`,
  ),
  attachments: [{ filename: 'signed-agreement.pdf', content: pdf, contentType: 'application/pdf' }],
});
