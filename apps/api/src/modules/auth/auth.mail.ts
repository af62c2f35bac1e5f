import type { Locale } from '@wattdesk/shared';
import { serverText } from '../../lib/i18n/text.ts';
import { escapeHtml, mailButton as button, mailLayout as layout } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';
import de from './mail-text/de.json' with { type: 'json' };
import en from './mail-text/en.json' with { type: 'json' };
import es from './mail-text/es.json' with { type: 'json' };
import fr from './mail-text/fr.json' with { type: 'json' };

/** The account e-mails in the recipient's language (issue 44): the account's choice, English without one. */
const text = serverText('auth-mail', en, { de, es, fr });

export const resetPasswordMail = (to: string, firstName: string, link: string, validMinutes: number, locale: Locale): MailMessage => {
  const t = text(locale);
  const greeting = t('greeting', { firstName });
  const expires = t('reset.expires', { minutes: validMinutes });
  return {
    to,
    subject: t('reset.subject'),
    text: [greeting, '', `${t('reset.asked')} ${t('reset.open')}`, link, '', expires].join('\n'),
    html: layout(
      t('reset.heading'),
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(t('reset.asked'))}</p>${button(link, t('reset.button'))}<p>${escapeHtml(expires)}</p>`,
    ),
  };
};

const paragraphs = (lines: readonly string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');

/** Sent after every password change, including a reset: the owner learns of a change they did not make. */
export const passwordChangedMail = (to: string, firstName: string, how: 'changed' | 'reset', resetUrl: string, locale: Locale): MailMessage => {
  const t = text(locale);
  const lines = [t('greeting', { firstName }), t(how === 'reset' ? 'changed.byReset' : 'changed.byUser'), t('notYou.reset')];
  return {
    to,
    subject: t('changed.subject'),
    text: [...lines, resetUrl].join('\n\n'),
    html: layout(t('changed.heading'), `${paragraphs(lines)}${button(resetUrl, t('reset.button'))}`),
  };
};

export const confirmEmailChangeMail = (to: string, firstName: string, link: string, validHours: number, locale: Locale): MailMessage => {
  const t = text(locale);
  const lines = [t('greeting', { firstName }), t('confirm.asked'), t('confirm.expires', { hours: validHours })];
  return {
    to,
    subject: t('confirm.subject'),
    text: [lines[0], lines[1], link, lines[2]].join('\n\n'),
    html: layout(t('confirm.heading'), `${paragraphs(lines.slice(0, 2))}${button(link, t('confirm.button'))}${paragraphs(lines.slice(2))}`),
  };
};

export const emailChangeNoticeMail = (
  to: string,
  firstName: string,
  newEmail: string,
  stage: 'requested' | 'changed',
  locale: Locale,
): MailMessage => {
  const t = text(locale);
  const lines = [t('greeting', { firstName }), t(stage === 'requested' ? 'notice.requested' : 'notice.changed', { newEmail }), t('notYou.tell')];
  return { to, subject: t('notice.subject'), text: lines.join('\n\n'), html: layout(t('notice.heading'), paragraphs(lines)) };
};

/** Someone enabled or turned off the second step of a sign-in. */
export const mfaChangedMail = (to: string, firstName: string, enabled: boolean, locale: Locale): MailMessage => {
  const t = text(locale);
  const lines = [t('greeting', { firstName }), t(enabled ? 'mfa.on' : 'mfa.off'), t('notYou.reset')];
  return {
    to,
    subject: t(enabled ? 'mfa.subjectOn' : 'mfa.subjectOff'),
    text: lines.join('\n\n'),
    html: layout(t('mfa.heading'), paragraphs(lines)),
  };
};
