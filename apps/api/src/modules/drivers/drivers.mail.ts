import type { Locale } from '@wattdesk/shared';
import { serverText } from '../../lib/i18n/text.ts';
import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import de from './mail-text/de.json' with { type: 'json' };
import en from './mail-text/en.json' with { type: 'json' };
import es from './mail-text/es.json' with { type: 'json' };
import fr from './mail-text/fr.json' with { type: 'json' };

/** Written in the inviter's language (issue 44): the driver's new account has chosen none yet. */
const text = serverText('drivers-mail', en, { de, es, fr });

export type DriverInvitationMail = {
  to: string;
  firstName: string;
  /** Null when the inviter's account is gone: "An administrator", in the mail's language. */
  inviterName: string | null;
  locationName: string;
  link: string;
  validHours: number;
  locale: Locale;
};

export const driverInvitationMail = ({ to, firstName, inviterName, locationName, link, validHours, locale }: DriverInvitationMail): MailMessage => {
  const t = text(locale);
  const validity = validHours % 24 === 0 ? t('validity.days', { days: validHours / 24 }) : t('validity.hours', { hours: validHours });
  const subject = t('subject', { locationName });
  const greeting = t('greeting', { firstName });
  const registered = t('registered', { inviterName: inviterName ?? t('anAdministrator'), locationName });
  const expires = t('expires', { validity });
  return {
    to,
    subject,
    text: [greeting, '', `${registered} ${t('open')}`, link, '', expires].join('\n'),
    html: mailLayout(
      subject,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(registered)}</p>${mailButton(link, t('button'))}<p>${escapeHtml(expires)}</p>`,
    ),
  };
};
