import { formatCount, formatDateTime, type Locale, type NotificationParamsOf, type NotificationType } from '@wattdesk/shared';
import { inFormatLocale } from '@wattdesk/shared/i18n/format-locale';
import { serverText } from '../../lib/i18n/text.ts';
import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import de from './mail-text/de.json' with { type: 'json' };
import en from './mail-text/en.json' with { type: 'json' };
import es from './mail-text/es.json' with { type: 'json' };
import fr from './mail-text/fr.json' with { type: 'json' };

/**
 * A notification's sentences per language (issue 44). English is also what is stored as the row's title and body
 * (older rows, exports, logs), so these English sentences are the spec's words, unchanged. The web bell has the same
 * sentences in its own catalogue (catalogues/notification-bell, keys `text.*`).
 */
const text = serverText('notifications-mail', en, { de, es, fr });

/** One notification's type and what its sentences are made of, the pair kept together. */
export type NotificationFacts = { [T in NotificationType]: { type: T; params: NotificationParamsOf[T] } }[NotificationType];

/**
 * Title and body in `locale`. `timeZone`: the location's, to show a time on its clock with its label — without one
 * (the stored English record) the instant is written as ISO, as it always was.
 */
export const notificationSentences = (facts: NotificationFacts, locale: Locale, timeZone?: string): { title: string; body: string } =>
  inFormatLocale(locale, () => {
    const t = text(locale);
    switch (facts.type) {
      case 'charger-faulted':
      case 'booking-conflict':
      case 'driver-accepted':
        return { title: t(`${facts.type}.title`, facts.params), body: t(`${facts.type}.body`, facts.params) };
      case 'charger-offline': {
        const { name, minutes, lastSeenAt } = facts.params;
        const values = {
          name,
          // The English record has always written the count the American way, whatever the server's settings.
          minutes: locale === 'en' ? minutes.toLocaleString('en-US') : formatCount(minutes),
          lastSeenAt: timeZone ? formatDateTime(lastSeenAt, timeZone) : lastSeenAt,
        };
        return { title: t('charger-offline.title', values), body: t('charger-offline.body', values) };
      }
      case 'violation': {
        const { where, rules } = facts.params;
        const values = { rules: rules.join(', '), ...(where === null ? {} : { where }) };
        return where === null
          ? { title: t('violation.titleAnyCharger'), body: t('violation.bodyAnyCharger', values) }
          : { title: t('violation.title', values), body: t('violation.body', values) };
      }
    }
  });

type Recipient = { email: string; firstName: string; language: Locale | null };

/**
 * The notification's e-mail in the recipient's language (their account's; English without one): the title as the
 * subject, a greeting, the body and a button to the dashboard. English reads exactly the stored title and body.
 */
export const notificationMail = (
  recipient: Recipient,
  row: { title: string; body: string; facts: NotificationFacts | null; timeZone: string | undefined },
  link: string,
): MailMessage => {
  const locale = recipient.language ?? 'en';
  const t = text(locale);
  const { title, body } = locale === 'en' || !row.facts ? row : notificationSentences(row.facts, locale, row.timeZone);
  const greeting = t('mail.greeting', { firstName: recipient.firstName });
  return {
    to: recipient.email,
    subject: title,
    text: [greeting, '', body, '', t('mail.openLink', { link })].join('\n'),
    html: mailLayout(title, `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>${mailButton(link, t('mail.button'))}`),
  };
};
