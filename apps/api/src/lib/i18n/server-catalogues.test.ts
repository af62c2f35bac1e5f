import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { LOCALES } from '@wattdesk/shared';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every catalogue the server writes from (e-mails, documents): `src/modules/<module>/mail-text/<language>.json`. */
const modulesDir = join(import.meta.dirname, '../../modules');
const folders = readdirSync(modulesDir)
  .map((module) => join(modulesDir, module, 'mail-text'))
  .filter((folder) => {
    try {
      return readdirSync(folder).length > 0;
    } catch {
      return false;
    }
  });
/** Every download's CSV header line, one catalogue (csv-headers.ts). */
const csvHeaders = join(import.meta.dirname, 'csv-headers');
const read = (folder: string, locale: string) => JSON.parse(readFileSync(join(folder, `${locale}.json`), 'utf8')) as Record<string, string>;

const argumentsOf = (elements: MessageFormatElement[], into = new Set<string>()): Set<string> => {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
  }
  return into;
};
const placeholders = (message: string) => [...argumentsOf(parse(message, { ignoreTag: true }))].sort();

describe('the server’s catalogues (issue 44)', () => {
  it('are found: one per module that writes e-mails or documents', () => {
    expect(folders.map((folder) => folder.split(/[\\/]/).at(-2)).sort()).toEqual([
      'admins',
      'agreements',
      'auth',
      'driver-payments',
      'drivers',
      'notifications',
      'payouts',
    ]);
  });

  const catalogues = [...folders.map((folder) => [folder.split(/[\\/]/).at(-2)!, folder] as const), ['csv-headers', csvHeaders] as const];
  it.each(catalogues.flatMap(([name, folder]) => LOCALES.filter((locale) => locale !== 'en').map((locale) => [name, locale, folder])))(
    '%s in %s: every English key, no other, each a valid ICU message with English’s placeholders',
    (_module, locale, folder) => {
      const english = read(folder, 'en');
      const catalogue = read(folder, locale);
      expect(Object.keys(catalogue).sort()).toEqual(Object.keys(english).sort());
      for (const [key, message] of Object.entries(catalogue)) {
        expect(message.trim(), `${locale} ${key}`).not.toBe('');
        expect(placeholders(message), `${locale} ${key}`).toEqual(placeholders(english[key]!));
      }
    },
  );
});
