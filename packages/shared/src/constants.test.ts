import { describe, expect, it } from 'vitest';
import { CARD_BRANDS, DAY_FILTERS, DURATION_HOURS, HOUR_OPTIONS, MONTHS, TOAST_AUTO_CLOSE_MS, DIALOG_DEFAULT_WIDTH_PX } from './constants.ts';
import { formatNumber } from './format.ts';

describe('business constants (section 9)', () => {
  it('hours run 12 AM to 11 PM with values 0 to 23', () => {
    expect(HOUR_OPTIONS).toHaveLength(24);
    expect(HOUR_OPTIONS[0]).toEqual({ value: 0, label: '12 AM' });
    expect(HOUR_OPTIONS[12]).toEqual({ value: 12, label: '12 PM' });
    expect(HOUR_OPTIONS[23]).toEqual({ value: 23, label: '11 PM' });
  });
  it('durations', () => {
    expect(DURATION_HOURS).toEqual([0.25, 0.5, 0.75, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 18, 24, 36, 48, 72]);
  });
  it('months with abbreviations, card brands, day filters, UI constants', () => {
    expect(MONTHS.map((month) => month.abbreviation).join(' ')).toBe('Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec');
    expect(CARD_BRANDS).toEqual(['Visa', 'MasterCard', 'American Express', 'Discover']);
    expect(DAY_FILTERS.map((filter) => filter.label)).toEqual(['All Days', 'Weekdays', 'Weekends']);
    expect(TOAST_AUTO_CLOSE_MS).toBe(4000);
    expect(DIALOG_DEFAULT_WIDTH_PX).toBe(600);
  });
  it('numbers display with thousands separators', () => {
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(1234.567, { decimals: true })).toBe('1,234.57');
  });
});
