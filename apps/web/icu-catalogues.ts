import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { Plugin } from 'vite';

/** A catalogue file: apps/web/src/i18n/catalogues/<area>/<language>.json, key → ICU message. */
export const CATALOGUE_FILE = /[\\/]i18n[\\/]catalogues[\\/][^\\/]+[\\/][^\\/]+\.json$/;

/**
 * Catalogues ship parsed (decision 087): each ICU message becomes FormatJS's syntax tree at build time, so the browser
 * needs intl-messageformat's formatter but not its parser — the difference that keeps the sign-in page in its budget.
 * The output is JSON still, which Vite's own JSON plugin then turns into a module as it would the file.
 */
/**
 * Most messages have no placeholder: they ship as their finished text (ICU's quoting already read), not as a tree of
 * one literal — a third of a catalogue's bytes, on the sign-in page and in the shell too (bench bundle-size).
 */
const shipped = (elements: MessageFormatElement[]): string | MessageFormatElement[] => {
  const [only] = elements;
  if (!only) return '';
  return elements.length === 1 && only.type === TYPE.literal ? only.value : elements;
};

export const icuCatalogues = (): Plugin => ({
  name: 'wattdesk-icu-catalogues',
  enforce: 'pre',
  transform(code, id) {
    if (!CATALOGUE_FILE.test(id.split('?')[0]!)) return null;
    const messages = JSON.parse(code) as Record<string, string>;
    const parsed = Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, shipped(parse(message, { ignoreTag: true }))]));
    return { code: JSON.stringify(parsed), map: null };
  },
});
