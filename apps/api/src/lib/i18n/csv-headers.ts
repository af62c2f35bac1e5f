import { LOCALES, type Locale } from '@wattdesk/shared';
import de from './csv-headers/de.json' with { type: 'json' };
import en from './csv-headers/en.json' with { type: 'json' };
import es from './csv-headers/es.json' with { type: 'json' };
import fr from './csv-headers/fr.json' with { type: 'json' };
import { serverText, type TextValues } from './text.ts';

/**
 * `<export>.<column>`: one catalogue for every download's header line (issue 44), with the words our code writes
 * in a download's cells (`<export>.value.<word>`) and a report's XLSX sheet title (`reports.title.<kind>`).
 */
export type CsvHeaderKey = keyof typeof en;

const text = serverText<CsvHeaderKey>('csv-headers', en, { es, fr, de });

/**
 * A download's header line in the language of the person downloading (English: today's words exactly).
 * `values` fill what a column names, e.g. `{ zone }` for times on the location's clock.
 */
export const csvHeader = (locale: Locale, keys: readonly CsvHeaderKey[], values?: TextValues): string[] => {
  const say = text(locale);
  return keys.map((key) => say(key, values));
};

/**
 * Words our code writes inside a download (a rule's name, Yes/No, a sheet title) in the reader's language; data
 * and codes the API takes (statuses such as `waived`) are written as they are.
 */
export const exportText = (locale: Locale) => text(locale);

/** One column's words in every language: an import must read a file exported in any of them. */
export const columnInEveryLanguage = (key: CsvHeaderKey, values?: TextValues): string[] => [
  ...new Set(LOCALES.map((locale) => text(locale)(key, values))),
];
