import { formatTag } from '../i18n/format-locale.ts';

/**
 * Money in integer minor units of an ISO 4217 currency (cents, yen, fils). Unit prices (per kWh, per hour)
 * are micros of the major unit, so a rate such as 0.289 USD/kWh is exact in every currency.
 */
export const MICROS_PER_UNIT = 1_000_000;

const digitsCache = new Map<string, number>();

/** The currency's minor-unit digits as Intl knows them: USD 2, JPY 0, KWD 3. */
export const minorDigits = (currency: string): number => {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, digits);
  }
  return digits;
};

/** True for a three-letter code Intl can format as a currency. */
export const isCurrencyCode = (value: string): boolean => {
  if (!/^[A-Z]{3}$/.test(value)) return false;
  try {
    new Intl.NumberFormat('en-US', { style: 'currency', currency: value });
    return true;
  } catch {
    return false;
  }
};

/** How many minor units `quantity` units cost at `priceMicros` per unit, rounded half away from zero. */
export const amountFor = (quantity: number, priceMicros: number, currency: string): number => {
  const minor = (quantity * priceMicros * 10 ** minorDigits(currency)) / MICROS_PER_UNIT;
  return Math.round(minor + Number.EPSILON * Math.abs(minor));
};

const formatters = new Map<string, Intl.NumberFormat>();
/** In the page's language's conventions (i18n/format-locale.ts): German writes "1.234,56 $". */
const formatterOf = (currency: string, extraDigits: number) => {
  const key = `${formatTag()}:${currency}:${extraDigits}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const digits = minorDigits(currency);
    formatter = new Intl.NumberFormat(formatTag(), {
      style: 'currency',
      currency,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits + extraDigits,
    });
    formatters.set(key, formatter);
  }
  return formatter;
};

/** 123456 USD → "$1,234.56": thousands separators and the currency's own digits. */
export const formatMinor = (minor: number, currency: string): string => formatterOf(currency, 0).format(minor / 10 ** minorDigits(currency));

/** A unit price in micros, with up to four more digits than the currency has: 289000 USD → "$0.289". */
export const formatMicros = (micros: number, currency: string): string => formatterOf(currency, 4).format(micros / MICROS_PER_UNIT);

/** Minor units as the decimal text a form shows: 1250 USD → "12.50", 500 JPY → "500". */
export const minorToDecimal = (minor: number, currency: string): string => (minor / 10 ** minorDigits(currency)).toFixed(minorDigits(currency));

/**
 * Minor units as a number of units, as a spreadsheet cell holds it: 1250 USD → 12.5, -500 JPY → -500. The same
 * number as Number(minorToDecimal(…)) without the text in between (a 100,000-line statement writes 700,000): below
 * 10^15 minor units the quotient is the nearest number to the exact decimal, which is what parsing its text gives.
 */
export const minorToNumber = (minor: number, currency: string): number =>
  Math.abs(minor) < 1e15 ? minor / 10 ** minorDigits(currency) + 0 : Number(minorToDecimal(minor, currency));

export const microsToDecimal = (micros: number): string => String(micros / MICROS_PER_UNIT);

const decimalPattern = /^\d{1,9}(\.\d+)?$/;

const separatorCache = new Map<string, { decimal: string; group: string }>();
/** The marks a language writes numbers with: German "," and ".", French "," and a narrow space, English "." and ",". */
const separatorsOf = (tag: string) => {
  let marks = separatorCache.get(tag);
  if (!marks) {
    const parts = new Intl.NumberFormat(tag, { useGrouping: 'always' }).formatToParts(12345.6);
    marks = { decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.', group: parts.find((p) => p.type === 'group')?.value ?? ',' };
    separatorCache.set(tag, marks);
  }
  return marks;
};
const SPACES = /[\s\u00a0\u202f]/g;
const IS_SPACE = /^[\s\u00a0\u202f]$/;

/**
 * A number as a person types it on a page in `tag`'s language, written with a decimal point: the language's decimal
 * mark ("0,29" in German) and its grouping ("1.234,5", "1 234,5", "1,234.5"); the other mark read as a decimal point
 * where it cannot be grouping ("0.29" typed on a German page, "0,29" on an English one). Before, "0,29" lost its comma
 * and read as 29: a hundred times the price. Undefined when the marks make no number.
 */
export const decimalFromTyped = (text: string, tag: string = formatTag()): string | undefined => {
  const { decimal, group } = separatorsOf(tag);
  const typed = text.replace(SPACES, '');
  const other = decimal === '.' ? ',' : '.';
  if (typed.includes(decimal)) {
    const [whole = '', fraction, extra] = typed.split(decimal);
    if (extra !== undefined || fraction === undefined || fraction.includes(other)) return undefined;
    return `${IS_SPACE.test(group) ? whole : whole.replaceAll(group, '')}.${fraction}`;
  }
  if (!typed.includes(other)) return typed;
  // Only the other mark: grouping when it groups thousands ("1.234" in German, "1,234" in English), else a decimal point.
  if (new RegExp(`^[1-9]\\d{0,2}(\\${other}\\d{3})+$`).test(typed)) return typed.replaceAll(other, '');
  return typed.split(other).length === 2 ? typed.replace(other, '.') : undefined;
};

/** An amount written for a person to edit: the language's decimal mark, no grouping ("0,29" in German). */
export const editableDecimal = (decimalText: string, tag: string = formatTag()): string => decimalText.replace('.', separatorsOf(tag).decimal);

/**
 * Decimal text typed by a person → integer units with `digits` decimals, or undefined when it is not a
 * non-negative number with at most that many decimals. Works on the digits, so 0.29 never becomes 28.999….
 * The marks are the page's language's (decimalFromTyped).
 */
export const parseDecimal = (text: string, digits: number, tag: string = formatTag()): number | undefined => {
  const trimmed = decimalFromTyped(text.trim(), tag);
  if (trimmed === undefined || !decimalPattern.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > digits) return undefined;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
};

export const parseMinor = (text: string, currency: string): number | undefined => parseDecimal(text, minorDigits(currency));

/** Unit prices allow up to four digits more than the currency (micros hold six): 0.2895 USD/kWh. */
export const parseMicros = (text: string, currency: string): number | undefined => {
  const digits = Math.min(6, minorDigits(currency) + 4);
  const value = parseDecimal(text, digits);
  return value === undefined ? undefined : value * 10 ** (6 - digits);
};
