import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { MENU_ITEMS } from '@wattdesk/shared/menus';
import { LOCALES } from '@wattdesk/shared/i18n/locales';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Read as translators write them: the files, not the parsed modules the build makes of them. */
const root = path.join(import.meta.dirname, 'catalogues');
const areas = readdirSync(root);
const read = (area: string, locale: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(root, area, `${locale}.json`), 'utf8')) as Record<string, string>;

/** The names a message fills in ({count}, {name}), wherever they sit (inside plurals too). */
const argumentsOf = (elements: MessageFormatElement[], into = new Set<string>()): Set<string> => {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select) {
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    }
    if (element.type === TYPE.tag) argumentsOf(element.children, into);
  }
  return into;
};

describe('the catalogues (issue 44)', () => {
  it('has every area in every language', () => {
    for (const area of areas) expect(readdirSync(path.join(root, area)).sort(), area).toEqual(LOCALES.map((locale) => `${locale}.json`).sort());
  });

  it.each(areas)('%s: every key of English in every language, no other, each an ICU message with the same placeholders', (area) => {
    const english = read(area, 'en');
    for (const locale of LOCALES) {
      const catalogue = read(area, locale);
      expect(Object.keys(catalogue).sort(), `${area}/${locale}`).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(catalogue)) {
        expect(message.trim(), `${area}/${locale} ${key} is empty`).not.toBe('');
        const parsed = parse(message, { ignoreTag: true });
        expect([...argumentsOf(parsed)].sort(), `${area}/${locale} ${key}`).toEqual(
          [...argumentsOf(parse(english[key]!, { ignoreTag: true }))].sort(),
        );
      }
    }
  });

  it('names every menu entry in the shell', () => {
    const shell = read('shell', 'en');
    for (const item of MENU_ITEMS) expect(shell[`menu.${item.key}`], item.key).toBe(item.label);
  });
});
