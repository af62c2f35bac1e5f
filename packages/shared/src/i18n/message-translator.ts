import { IntlMessageFormat } from 'intl-messageformat';
import de from './messages/de.json' with { type: 'json' };
import en from './messages/en.json' with { type: 'json' };
import es from './messages/es.json' with { type: 'json' };
import fr from './messages/fr.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/**
 * The shared sentences — the specification's messages (messages.ts) and the API's error messages (errors.ts) — in the
 * reader's language (issue 44). English is the code's own text (messages/en.json holds it word for word, tested); the
 * API answers `msg` in English everywhere inside and this turns each sentence into the reader's language on its way
 * out, so no module has to know about languages. A sentence with a part filled in ("First Name Field is required")
 * is recognised by its English pattern; a sentence no catalogue knows stays English.
 */
const catalogues: Record<Exclude<Locale, 'en'>, Readonly<Record<string, string>>> = { de, es, fr };

type Pattern = { key: string; expression: RegExp; names: string[] };

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, string>();
const patterns: Pattern[] = [];
for (const [key, message] of Object.entries(en as Record<string, string>)) {
  const names = [...message.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  if (!names.length) {
    exact.set(message, key);
    continue;
  }
  const source = message
    .split(PLACEHOLDER)
    .map((part, index) => (index % 2 === 1 ? '(.+?)' : escape(part)))
    .join('');
  patterns.push({ key, expression: new RegExp(`^${source}$`), names });
}

const formatters = new Map<string, IntlMessageFormat>();
const format = (locale: Exclude<Locale, 'en'>, key: string, message: string, values: Record<string, string>) => {
  const id = `${locale}|${key}`;
  let formatter = formatters.get(id);
  if (!formatter) formatters.set(id, (formatter = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true })));
  const out = formatter.format(values);
  return Array.isArray(out) ? out.join('') : String(out);
};

/** The key of an English sentence in the shared catalogue, and the parts it filled in. */
export const messageKeyOf = (english: string): { key: string; values: Record<string, string> } | undefined => {
  const key = exact.get(english);
  if (key) return { key, values: {} };
  for (const pattern of patterns) {
    const match = pattern.expression.exec(english);
    if (match) return { key: pattern.key, values: Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1]!])) };
  }
  return undefined;
};

/** The sentence in the language; English, and sentences without a translation, as they are. */
export const translateMessage = (english: string, locale: Locale): string => {
  if (locale === 'en') return english;
  const known = messageKeyOf(english);
  const message = known && catalogues[locale][known.key];
  return known && message ? format(locale, known.key, message, known.values) : english;
};
