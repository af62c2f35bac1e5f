import { formatMoney } from '@wattdesk/shared';
import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';
import type { MailAttachment, MailMessage } from '../../lib/mailer.ts';

export type PaymentFailedMail = { to: string; firstName: string; amount: number; currency: string; reason: string; attempts: number; link: string };

/** Told at once why the charger will refuse the driver, and what fixes it. */
export const paymentFailedMail = ({ to, firstName, amount, currency, reason, attempts, link }: PaymentFailedMail): MailMessage => {
  const money = formatMoney(amount, currency);
  const subject = 'Your charging payment failed: update your card';
  return {
    to,
    subject,
    text: [
      `Hello ${firstName},`,
      '',
      `We could not charge ${money} for a charging session to your card on file after ${attempts} attempts (${reason}).`,
      'Until the card is replaced, chargers will refuse your account. Update the card on file, and the payment is tried again at once:',
      link,
    ].join('\n'),
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>We could not charge ${escapeHtml(money)} for a charging session to your card on file after ${attempts} attempts (${escapeHtml(reason)}).</p><p>Until the card is replaced, chargers will refuse your account. When you update the card, the payment is tried again at once.</p>${mailButton(link, 'Update the card')}`,
    ),
  };
};

export type ReceiptMail = { to: string; firstName: string; amountLabel: string; locationName: string; whenLabel: string; receipt: MailAttachment };

export const receiptMail = ({ to, firstName, amountLabel, locationName, whenLabel, receipt }: ReceiptMail): MailMessage => {
  const subject = `Your receipt: ${amountLabel} at ${locationName}`;
  return {
    to,
    subject,
    text: [
      `Hello ${firstName},`,
      '',
      `Thank you for charging at ${locationName} on ${whenLabel}. ${amountLabel} was paid; your receipt is attached.`,
    ].join('\n'),
    html: mailLayout(
      subject,
      `<p>Hello ${escapeHtml(firstName)},</p><p>Thank you for charging at ${escapeHtml(locationName)} on ${escapeHtml(whenLabel)}. ${escapeHtml(amountLabel)} was paid; your receipt is attached.</p>`,
    ),
    attachments: [receipt],
  };
};
