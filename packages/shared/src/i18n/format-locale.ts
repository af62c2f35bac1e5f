import { DEFAULT_LOCALE, type Locale } from './locales.ts';

/**
 * The conventions numbers, amounts and dates are written with (issue 44): each language's main country's, so German
 * reads "19.552,2 kWh" and French "19 552,2 kWh". One setting for the whole page, set when the language changes
 * (the web app re-renders then); the server passes a language where it writes for a reader (e-mails, PDFs, CSVs).
 */
const FORMAT_TAGS: Record<Locale, string> = { en: 'en-US', es: 'es-ES', fr: 'fr-FR', de: 'de-DE' };

let current: string = FORMAT_TAGS[DEFAULT_LOCALE];

export const setFormatLocale = (locale: Locale): void => {
  current = FORMAT_TAGS[locale];
};

/**
 * Writes with a reader's conventions for the length of `write`, then puts the page's (the server's: English) back —
 * for an e-mail or a document written for someone else. `write` must be synchronous: the setting is process-wide.
 */
export const inFormatLocale = <T>(locale: Locale, write: () => T): T => {
  const before = current;
  current = FORMAT_TAGS[locale];
  try {
    return write();
  } finally {
    current = before;
  }
};

/** The BCP 47 tag formats use now ("de-DE"). */
export const formatTag = (): string => current;

/** The tag a language formats with, for a reader other than the page's (an e-mail's recipient). */
export const formatTagOf = (locale: Locale): string => FORMAT_TAGS[locale];

/**
 * A formatter per language tag, made on first use: a grid formats hundreds of cells per render, and constructing an
 * Intl formatter costs far more than using one.
 */
export const perTag = <T>(make: (tag: string) => T): (() => T) => {
  const made = new Map<string, T>();
  return () => {
    let value = made.get(current);
    if (value === undefined) made.set(current, (value = make(current)));
    return value;
  };
};
