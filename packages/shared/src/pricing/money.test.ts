import { describe, expect, it } from 'vitest';
import {
  editableDecimal,
  formatMicros,
  formatMinor,
  isCurrencyCode,
  minorDigits,
  minorToDecimal,
  minorToNumber,
  parseDecimal,
  parseMicros,
  parseMinor,
} from './money.ts';
import { periodProblems } from './periods.ts';

describe('money in minor units', () => {
  it('knows each currency’s minor digits from Intl', () => {
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 0, 3]);
    expect(isCurrencyCode('EUR')).toBe(true);
    expect(isCurrencyCode('usd')).toBe(false);
    expect(isCurrencyCode('ZZ1')).toBe(false);
  });

  it('formats with thousands separators and the currency’s digits', () => {
    expect(formatMinor(123_456_78, 'USD')).toBe('$123,456.78');
    expect(formatMinor(1_500, 'JPY')).toBe('¥1,500');
    expect(formatMinor(1_234, 'KWD')).toBe('KWD\u00a01.234');
    expect(formatMicros(289_000, 'USD')).toBe('$0.289');
    expect(minorToDecimal(1250, 'USD')).toBe('12.50');
  });

  it('minorToNumber is the number the decimal text reads as, for every size of amount and currency', () => {
    expect([minorToNumber(1250, 'USD'), minorToNumber(-500, 'JPY'), minorToNumber(1_234, 'KWD'), Object.is(minorToNumber(-0, 'USD'), 0)]).toEqual([
      12.5,
      -500,
      1.234,
      true,
    ]);
    let seed = 7;
    const random = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    // Compared in a loop and asserted once: 60,000 expect() calls took longer than the test's time on a busy machine.
    const differing: string[] = [];
    for (const currency of ['USD', 'JPY', 'KWD'])
      for (let n = 0; n < 20_000; n += 1) {
        const minor = Math.round((random() - 0.5) * 10 ** Math.floor(random() * 18));
        if (String(minorToNumber(minor, currency)) !== String(Number(minorToDecimal(minor, currency)))) differing.push(`${minor} ${currency}`);
      }
    expect(differing).toEqual([]);
  });

  it('parses what a person types without floating-point drift', () => {
    expect(parseMinor('0.29', 'USD')).toBe(29);
    expect(parseMinor('1,234.5', 'USD')).toBe(123_450);
    expect(parseMinor('12.345', 'USD')).toBeUndefined();
    expect(parseMinor('-1', 'USD')).toBeUndefined();
    expect(parseMinor('500', 'JPY')).toBe(500);
    expect(parseMicros('0.2895', 'USD')).toBe(289_500);
    expect(parseMicros('0.289512', 'KWD')).toBe(289_512);
  });

  it('reads an amount typed the page language’s way, and never a decimal comma as grouping (a hundred times the price)', () => {
    const typed = (text: string, tag: string) => parseDecimal(text, 2, tag);
    expect([typed('0,29', 'de-DE'), typed('1.234,5', 'de-DE'), typed('1.234', 'de-DE'), typed('0.29', 'de-DE')]).toEqual([29, 123_450, 123_400, 29]);
    expect([typed('1\u202f234,5', 'fr-FR'), typed('1 234,5', 'fr-FR'), typed('0,29', 'fr-FR')]).toEqual([123_450, 123_450, 29]);
    expect([typed('0,29', 'es-ES'), typed('1.234,56', 'es-ES')]).toEqual([29, 123_456]);
    // An English page: grouping commas as before, and a decimal comma read as the point it means.
    expect([typed('1,234.5', 'en-US'), typed('1,234', 'en-US'), typed('0,29', 'en-US')]).toEqual([123_450, 123_400, 29]);
    expect([typed('1.234,5', 'en-US'), typed('1,2,3', 'en-US'), typed('0,2,9', 'de-DE'), typed('1,23,4', 'de-DE')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect([editableDecimal('0.29', 'de-DE'), editableDecimal('1234.5', 'fr-FR'), editableDecimal('0.29', 'en-US')]).toEqual([
      '0,29',
      '1234,5',
      '0.29',
    ]);
  });
});

describe('rate periods: every hour of the week exactly once', () => {
  const p = (days: 'all-days' | 'weekdays' | 'weekends', startHour: number, endHour: number) => ({ days, startHour, endHour });

  it('accepts a full week, including periods across midnight', () => {
    expect(periodProblems([p('weekdays', 21, 17), p('weekdays', 17, 21), p('weekends', 0, 0)])).toEqual([]);
  });

  it('names overlaps and gaps in the host’s words', () => {
    expect(periodProblems([p('all-days', 0, 0), p('weekdays', 17, 21)])).toEqual([
      'Periods All Days all day and Weekdays 5 PM–9 PM overlap on Monday at 5 PM',
    ]);
    expect(periodProblems([p('weekdays', 0, 0), p('weekends', 6, 22)])).toEqual([
      'No period covers Sunday 12 AM–6 AM',
      'No period covers Saturday 12 AM–6 AM',
    ]);
    expect(periodProblems([])).toEqual(['Add at least one rate period']);
  });
});
