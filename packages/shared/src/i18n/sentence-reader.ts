/**
 * Recognising the shared sentences (the specification's messages and the API's errors) by their English, and
 * filling a translation's placeholders — without an ICU parser, so the web app can use it too (its build ships no
 * parser: apps/web/icu-catalogues.ts). The catalogues' sentences hold plain `{name}` placeholders only; the catalogue
 * test (message-translator.test.ts) checks that each reads back character for character.
 */
type Pattern = { key: string; expression: RegExp; names: string[] };
export type SentenceCatalogue = Readonly<Record<string, string>>;
export type KnownSentence = { key: string; values: Record<string, string> };

const PLACEHOLDER = /\{(\w+)\}/g;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Field names inside a sentence ("First name Field is required") are sentences of their own: `field.*`. */
const FIELD_PREFIX = 'fieldLabels.';

/** A number as the English sentences write one: thousands grouped by commas, or with a decimal point. */
const ENGLISH_NUMBER = /^-?(\d{1,3}(,\d{3})+(\.\d+)?|\d+\.\d+)$/;
const numberFormats = new Map<string, Intl.NumberFormat>();
const numberFormat = (tag: string) => {
  let format = numberFormats.get(tag);
  if (!format) numberFormats.set(tag, (format = new Intl.NumberFormat(tag, { maximumFractionDigits: 20 })));
  return format;
};

export const createSentenceReader = (english: SentenceCatalogue) => {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [key, message] of Object.entries(english)) {
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

  /** The key of an English sentence, and the parts it filled in. */
  const keyOf = (sentence: string): KnownSentence | undefined => {
    const key = exact.get(sentence);
    if (key) return { key, values: {} };
    for (const pattern of patterns) {
      const match = pattern.expression.exec(sentence);
      if (match) return { key: pattern.key, values: Object.fromEntries(pattern.names.map((name, i) => [name, match[i + 1]!])) };
    }
    return undefined;
  };

  /**
   * A filled-in part that is itself a known field name, in the language; a number the English wrote ("1,000", "0.5")
   * the language's way ("1.000", "0,5" in German: left as it was, a German reader took 1,000 for one); any other part
   * as it came.
   */
  const valueIn = (value: string, catalogue: SentenceCatalogue, numbers: Intl.NumberFormat | undefined): string => {
    if (numbers && ENGLISH_NUMBER.test(value)) return numbers.format(Number(value.replaceAll(',', '')));
    const key = exact.get(value);
    return key?.startsWith(FIELD_PREFIX) ? (catalogue[key] ?? value) : value;
  };

  /**
   * The sentence in the catalogue's language; a sentence the catalogue does not know, as it came. `numberTag`: the
   * BCP 47 tag whose way numbers inside the sentence are written in (format-locale.ts formatTagOf).
   */
  const translate = (sentence: string, catalogue: SentenceCatalogue, numberTag?: string): string => {
    const known = keyOf(sentence);
    const message = known && catalogue[known.key];
    if (!known || !message) return sentence;
    const numbers = numberTag ? numberFormat(numberTag) : undefined;
    return message.replace(PLACEHOLDER, (whole, name: string) => {
      const value = known.values[name];
      return value === undefined ? whole : valueIn(value, catalogue, numbers);
    });
  };

  return { keyOf, translate };
};
