import { formatMoney, type Locale } from '@wattdesk/shared';
import { inFormatLocale } from '@wattdesk/shared/i18n/format-locale';
import { serverText } from '../../lib/i18n/text.ts';
import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';
import type { MailAttachment, MailMessage } from '../../lib/mailer.ts';
import de from './mail-text/de.json' with { type: 'json' };
import en from './mail-text/en.json' with { type: 'json' };
import es from './mail-text/es.json' with { type: 'json' };
import fr from './mail-text/fr.json' with { type: 'json' };

/** A driver's payment e-mails and receipt, in the driver's language (the account's choice; English without one). */
export const paymentText = serverText('driver-payments-mail', en, { de, es, fr });

export type PaymentFailedMail = {
  to: string;
  firstName: string;
  amount: number;
  currency: string;
  reason: string;
  attempts: number;
  link: string;
  locale: Locale;
};

/** Told at once why the charger will refuse the driver, and what fixes it. */
export const paymentFailedMail = ({ to, firstName, amount, currency, reason, attempts, link, locale }: PaymentFailedMail): MailMessage => {
  const t = paymentText(locale);
  const subject = t('failed.subject');
  const greeting = t('greeting', { firstName });
  // The provider's reason stays in its words: it is what the card's bank answered.
  const couldNot = t('failed.couldNot', { amount: inFormatLocale(locale, () => formatMoney(amount, currency)), attempts, reason });
  return {
    to,
    subject,
    text: [greeting, '', couldNot, t('failed.refusedText'), link].join('\n'),
    html: mailLayout(
      subject,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(couldNot)}</p><p>${escapeHtml(t('failed.refusedHtml'))}</p>${mailButton(link, t('failed.button'))}`,
    ),
  };
};

export type ReceiptMail = {
  to: string;
  firstName: string;
  amountLabel: string;
  locationName: string;
  whenLabel: string;
  receipt: MailAttachment;
  locale: Locale;
};

export const receiptMail = ({ to, firstName, amountLabel, locationName, whenLabel, receipt, locale }: ReceiptMail): MailMessage => {
  const t = paymentText(locale);
  const subject = t('receipt.subject', { amount: amountLabel, locationName });
  const greeting = t('greeting', { firstName });
  const thanks = t('receipt.thanks', { locationName, when: whenLabel, amount: amountLabel });
  return {
    to,
    subject,
    text: [greeting, '', thanks].join('\n'),
    html: mailLayout(subject, `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(thanks)}</p>`),
    attachments: [receipt],
  };
};
