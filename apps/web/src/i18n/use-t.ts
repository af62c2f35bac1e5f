import { formatTagOf } from '@wattdesk/shared/i18n/format-locale';
import type { Locale } from '@wattdesk/shared/i18n/locales';
import { IntlMessageFormat } from 'intl-messageformat';
import { use, useMemo } from 'react';
import type { Catalogue, CatalogueMessage, TextArea } from './area.ts';
import { loadCatalogue, loadedCatalogue } from './catalogues.ts';
import { useLocale } from './language-store.ts';
import { pseudo, PSEUDO } from './pseudo-mode.ts';

export type MessageValues = Record<string, string | number | Date>;
/** A message of the area in the page's language, its ICU placeholders filled: `t('sessions', { count: 3 })`. */
export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

// A formatter per message and language: formatting a grid's cells must not rebuild them.
const formatters = new Map<string, IntlMessageFormat>();

/** `pseudo`: the pseudo-locale, which formats as English. */
const formatterOf = (area: string, locale: Locale | 'pseudo', key: string, message: CatalogueMessage): IntlMessageFormat => {
  const id = `${locale}|${area}|${key}`;
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new IntlMessageFormat(message, formatTagOf(locale === 'pseudo' ? 'en' : locale), undefined, { ignoreTag: true });
    formatters.set(id, formatter);
  }
  return formatter;
};

/** The pseudo-locale's translator (pseudo.ts): the English message accented, its values as given, in brackets. */
const pseudoTranslator = <K extends string>(text: TextArea<K>): Translate<K> => {
  const english: Catalogue = text.en;
  const { accentMessage, bracket } = pseudo();
  return (key, values) => {
    const message = accentMessage(english[key]!);
    if (typeof message === 'string') return bracket(message);
    const out = formatterOf(text.area, 'pseudo', key, message).format(values);
    return bracket(Array.isArray(out) ? out.join('') : String(out));
  };
};

export const translator = <K extends string>(text: TextArea<K>, locale: Locale, catalogue: Catalogue): Translate<K> => {
  if (PSEUDO) return pseudoTranslator(text);
  const english: Catalogue = text.en;
  return (key, values) => {
    // A key missing in a translation (the catalogue test forbids it) falls back to English rather than to nothing.
    const own = catalogue[key];
    const [message, language] = own === undefined ? [english[key]!, 'en' as const] : [own, locale];
    // A message without placeholders ships as its finished text (icu-catalogues.ts): nothing to format.
    if (typeof message === 'string') return message;
    const out = formatterOf(text.area, language, key, message).format(values);
    return Array.isArray(out) ? out.join('') : String(out);
  };
};

/**
 * The area's translator in the page's language. English never waits; another language's catalogue suspends the
 * screen (its Suspense shows the loader) the first time only — a change of language loads used areas first.
 */
export const useT = <K extends string>(text: TextArea<K>): Translate<K> => {
  const locale = useLocale();
  // The pseudo-locale reads English only: no catalogue to wait for.
  const catalogue = PSEUDO ? text.en : (loadedCatalogue(text, locale) ?? use(loadCatalogue(text.area, locale)));
  return useMemo(() => translator(text, locale, catalogue), [text, locale, catalogue]);
};

/** The area's English whatever the page's language: for what must not change with it (test ids, file names). */
export const englishOf = <K extends string>(text: TextArea<K>): Translate<K> => translator(text, 'en', text.en);
