import type { Locale } from '@wattdesk/shared';
import { IntlMessageFormat } from 'intl-messageformat';

export type TextValues = Record<string, string | number>;
export type ServerText<K extends string> = (locale: Locale) => (key: K, values?: TextValues) => string;

/**
 * What the server writes for a reader — e-mails, documents — in the reader's language (issue 44, decision 087): a
 * module's catalogue per language, English the source (its keys are the type), a missing translation read in English.
 */
export const serverText = <K extends string>(
  area: string,
  en: Readonly<Record<K, string>>,
  others: Readonly<Record<Exclude<Locale, 'en'>, Readonly<Partial<Record<K, string>>>>>,
): ServerText<K> => {
  const formatters = new Map<string, IntlMessageFormat>();
  return (locale) => (key, values) => {
    const own = locale === 'en' ? undefined : others[locale][key];
    const [message, language] = own === undefined ? [en[key], 'en'] : [own, locale];
    const id = `${area}|${language}|${key}`;
    let formatter = formatters.get(id);
    if (!formatter) formatters.set(id, (formatter = new IntlMessageFormat(message, language, undefined, { ignoreTag: true })));
    const out = formatter.format(values);
    return Array.isArray(out) ? out.join('') : String(out);
  };
};
