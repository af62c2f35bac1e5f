import type { Locale } from '@wattdesk/shared';
import { formatTagOf } from '@wattdesk/shared/i18n/format-locale';
import { serverText } from '../../lib/i18n/text.ts';
import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import de from './mail-text/de.json' with { type: 'json' };
import en from './mail-text/en.json' with { type: 'json' };
import es from './mail-text/es.json' with { type: 'json' };
import fr from './mail-text/fr.json' with { type: 'json' };

/**
 * The signer has no account, so no language of their own: the invitation is written in the sender's, the signed
 * copy's mail in the language the signer read the agreement's page in (issue 44).
 */
const text = serverText('agreements-mail', en, { de, es, fr });

type Recipient = { signerName: string; signerEmail: string; accountName: string; propertyName: string };

const dateText = (date: Date, locale: Locale) =>
  new Intl.DateTimeFormat(formatTagOf(locale), { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(date);

export const agreementInvitationMail = (agreement: Recipient, link: string, expiresAt: Date, locale: Locale): MailMessage => {
  const t = text(locale);
  const names = { propertyName: agreement.propertyName, accountName: agreement.accountName };
  const greeting = t('greeting', { signerName: agreement.signerName });
  const until = t('invite.until', { date: dateText(expiresAt, locale) });
  return {
    to: agreement.signerEmail,
    subject: t('invite.subject', names),
    text: [greeting, '', `${t('invite.prepared', names)} ${t('invite.open')}`, link, '', until].join('\n'),
    html: mailLayout(
      t('invite.heading'),
      // The property's name in bold, as the English mail always showed it: the sentence is split around it.
      `<p>${escapeHtml(greeting)}</p><p>${boldName(t('invite.prepared', names), agreement.propertyName)}</p>${mailButton(link, t('invite.button'))}<p>${escapeHtml(until)}</p>`,
    ),
  };
};

export const signedAgreementMail = (agreement: Recipient, signedAt: Date, pdf: Buffer, locale: Locale): MailMessage => {
  const t = text(locale);
  const names = { propertyName: agreement.propertyName, accountName: agreement.accountName };
  const greeting = t('greeting', { signerName: agreement.signerName });
  const thanks = t('signed.thanks', { ...names, signedAt: signedAt.toISOString() });
  return {
    to: agreement.signerEmail,
    subject: t('signed.subject', names),
    text: [greeting, '', thanks, t('signed.attached')].join('\n'),
    html: mailLayout(
      t('signed.heading'),
      `<p>${escapeHtml(greeting)}</p><p>${boldName(thanks, agreement.propertyName)}</p><p>${escapeHtml(t('signed.attached'))}</p>`,
    ),
    attachments: [{ filename: `${t('signed.file')}.pdf`, content: pdf, contentType: 'application/pdf' }],
  };
};

/** The sentence escaped, its first mention of the name in bold. */
const boldName = (sentence: string, name: string): string => {
  const at = sentence.indexOf(name);
  if (at < 0) return escapeHtml(sentence);
  return `${escapeHtml(sentence.slice(0, at))}<strong>${escapeHtml(name)}</strong>${escapeHtml(sentence.slice(at + name.length))}`;
};
