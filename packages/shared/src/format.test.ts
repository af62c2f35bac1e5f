import { afterEach, describe, expect, it } from 'vitest';
import {
  calendarDayIn,
  formatBps,
  formatClockTick,
  formatCount,
  formatDayHeading,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatDurationWords,
  formatKw,
  formatKwhCell,
  formatKwh,
  formatMoney,
  formatPercent,
  formatSeconds,
  formatTime,
} from './format.ts';
import { setFormatLocale } from './i18n/format-locale.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('one rule for decimals per unit', () => {
  it('energy has two decimals and thousands separators', () => {
    expect(formatKwh(1234.5)).toBe('1,234.50 kWh');
    expect(formatKwh(0)).toBe('0.00 kWh');
    expect(formatKwh(0.0049)).toBe('0.00 kWh');
    expect(formatKwh(null)).toBe('—');
    expect(formatKwh(Number.NaN)).toBe('—');
  });

  it('power has one decimal, percentages one decimal, counts none', () => {
    expect(formatKw(7.24)).toBe('7.2 kW');
    expect(formatKw(1500)).toBe('1,500.0 kW');
    expect(formatKw(undefined)).toBe('—');
    expect(formatPercent(12.345)).toBe('12.3%');
    expect(formatPercent(50)).toBe('50.0%');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('money in the currency’s own digits, from minor units or major units', () => {
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(formatMoney(1250, 'EUR')).toBe('€12.50');
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(12.5, 'EUR')).toBe('€12.50');
  });
});

describe('one duration format for finished things', () => {
  it('reads in words to its two largest units', () => {
    expect(formatDurationWords(2 * HOUR + 50 * MIN + 59_000)).toBe('2 h 50 min');
    expect(formatDurationWords(12 * MIN + 30_000)).toBe('12 min');
    expect(formatDurationWords(45_000)).toBe('45 s');
    expect(formatDurationWords(3 * 24 * HOUR + 4 * HOUR + 5 * MIN)).toBe('3 d 4 h');
  });

  it('drops a zero second unit and never rounds up into the next', () => {
    expect(formatDurationWords(2 * HOUR)).toBe('2 h');
    expect(formatDurationWords(24 * HOUR)).toBe('1 d');
    expect(formatDurationWords(59 * MIN + 59_999)).toBe('59 min');
    expect(formatDurationWords(0)).toBe('0 s');
    expect(formatDurationWords(-5000)).toBe('0 s');
    expect(formatSeconds(3600 + 120)).toBe('1 h 2 min');
    expect(formatSeconds(null)).toBe('—');
  });
});

describe('one date-time format, in the given zone with its label', () => {
  const AT = '2026-11-03T17:05:09.000Z';
  it('the same instant reads as each location’s own clock', () => {
    expect(formatDateTime(AT, 'America/Los_Angeles')).toBe('Nov 3, 2026, 09:05 PST');
    expect(formatDateTime(Date.parse(AT), 'America/New_York')).toBe('Nov 3, 2026, 12:05 EST');
    expect(formatDateTime(AT, 'America/Los_Angeles', { seconds: true })).toBe('Nov 3, 2026, 09:05:09 PST');
    expect(formatDate('2026-11-04T05:00:00.000Z', 'Asia/Tokyo')).toBe('Nov 4, 2026');
    expect(formatTime('2026-07-01T17:00:00.000Z', 'America/Los_Angeles')).toBe('10:00 PDT');
    expect(formatDateTime(null, 'UTC')).toBe('—');
    expect(formatDateTime('not a date', 'UTC')).toBe('—');
  });
});

describe('calendar days and chart ticks', () => {
  it('a day heading, the day in a zone, a tick without the label, an exact rate', () => {
    expect(formatDayHeading('2026-11-23')).toBe('Mon, Nov 23');
    expect(calendarDayIn('Asia/Tokyo', new Date('2026-11-03T17:05:09.000Z'))).toBe('2026-11-04');
    expect(formatClockTick(Date.parse('2026-11-03T17:05:09.000Z'), 'America/Los_Angeles', { seconds: true })).toBe('09:05:09');
    expect(formatBps(1225)).toBe('12.25%');
  });
});

describe('export cells', () => {
  it('energy has the screens’ two decimals, rounded half up on whole Wh', () => {
    expect(formatKwhCell(3.505)).toBe('3.51');
    expect(formatKwhCell(0)).toBe('0.00');
    expect(formatKwhCell(1234.5)).toBe('1234.50');
  });
});

describe('in the reader’s language (issue 44)', () => {
  afterEach(() => setFormatLocale('en'));

  it('writes German numbers, amounts and durations the German way; units stay', () => {
    setFormatLocale('de');
    expect(formatKwh(19_552.2)).toBe('19.552,20 kWh');
    expect(formatCount(12_345)).toBe('12.345');
    // Intl writes no-break spaces before units, as typesetting wants.
    expect(formatMoney(123_456, 'EUR')).toBe('1.234,56\u00a0€');
    expect(formatPercent(12.34)).toBe('12,3\u00a0%');
    expect(formatDurationWords((2 * 3600 + 50 * 60) * 1000)).toBe('2 Std. 50 Min.');
    expect(formatDurationWords((3 * 24 + 4) * 3600 * 1000)).toBe('3 Tg. 4 Std.');
    expect(formatDateTime('2026-11-03T17:00:00Z', 'Europe/Berlin')).toBe('3. Nov. 2026, 18:00 MEZ');
  });

  it('writes French with its spaces and Spanish with its comma, and English as before', () => {
    setFormatLocale('fr');
    expect(formatKwh(19_552.2)).toBe('19\u202f552,20 kWh');
    setFormatLocale('es');
    expect(formatKwh(19_552.2)).toBe('19.552,20 kWh');
    setFormatLocale('en');
    expect(formatKwh(19_552.2)).toBe('19,552.20 kWh');
    expect(formatDurationWords((2 * 3600 + 50 * 60) * 1000)).toBe('2 h 50 min');
  });
});
