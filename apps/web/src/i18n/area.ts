import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Locale } from '@wattdesk/shared/i18n/locales';

/**
 * A message as the build ships it (icu-catalogues.ts parses the catalogue files): FormatJS's syntax tree, or the
 * finished text when it has no placeholder. TypeScript reads the JSON files themselves and sees strings.
 */
export type CatalogueMessage = string | MessageFormatElement[];
export type Catalogue = Readonly<Record<string, CatalogueMessage>>;

/**
 * One area's messages (a screen or a group of screens: `catalogues/<area>/<language>.json`). English comes with the
 * code that uses it — it is the source and the fallback, and English pages never wait — other languages load when
 * first needed.
 */
export type TextArea<K extends string> = {
  readonly area: string;
  /** Parsed at build like every catalogue (a tree, or the finished text): read English through `translator(text, 'en', …)`. */
  readonly en: Readonly<Record<K, CatalogueMessage>>;
};

export const defineArea = <K extends string>(area: string, en: Readonly<Record<K, string>>): TextArea<K> => ({ area, en });

export type LoadCatalogue = (area: string, locale: Exclude<Locale, 'en'>) => Promise<Catalogue>;
