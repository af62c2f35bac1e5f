import type { Locale } from '@wattdesk/shared';
import { serverText } from '../../lib/i18n/text.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import { escapeHtml, mailButton, mailLayout } from '../../lib/mail-layout.ts';
import de from './mail-text/de.json' with { type: 'json' };
import en from './mail-text/en.json' with { type: 'json' };
import es from './mail-text/es.json' with { type: 'json' };
import fr from './mail-text/fr.json' with { type: 'json' };

/** Written in the inviter's language (issue 44): the new account has chosen none yet. */
const text = serverText('admins-mail', en, { de, es, fr });

export type InvitationMail = {
  to: string;
  firstName: string;
  /** Null when the inviter's account is gone: "An administrator", in the mail's language. */
  inviterName: string | null;
  typeLabel: string;
  link: string;
  validHours: number;
  locale: Locale;
};

export const invitationMail = ({ to, firstName, inviterName, typeLabel, link, validHours, locale }: InvitationMail): MailMessage => {
  const t = text(locale);
  const validity = validHours % 24 === 0 ? t('validity.days', { days: validHours / 24 }) : t('validity.hours', { hours: validHours });
  const subject = t('subject');
  const invited = t('invited', { inviterName: inviterName ?? t('anAdministrator'), typeLabel });
  const expires = t('expires', { validity });
  const greeting = t('greeting', { firstName });
  return {
    to,
    subject,
    text: [greeting, '', `${invited} ${t('open')}`, link, '', expires].join('\n'),
    html: mailLayout(
      subject,
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(invited)}</p>${mailButton(link, t('button'))}<p>${escapeHtml(expires)}</p>`,
    ),
  };
};
