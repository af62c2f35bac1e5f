import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, mondayOf, weekDates } from './week-dates.ts';

describe('week dates', () => {
  it('takes the calendar day from the location’s zone, not the browser’s', () => {
    // 05:30 UTC on 10 March 2030 is still the 9th in San Francisco.
    expect(localDateOf('2030-03-10T05:30:00Z', 'America/Los_Angeles')).toBe('2030-03-09');
    expect(localDateOf('2030-03-10T05:30:00Z', 'Europe/Berlin')).toBe('2030-03-10');
  });
  it('weeks run Monday to Sunday across month ends', () => {
    expect(mondayOf('2030-03-10')).toBe('2030-03-04');
    expect(mondayOf('2030-03-04')).toBe('2030-03-04');
    expect(weekDates('2030-02-25')).toEqual(['2030-02-25', '2030-02-26', '2030-02-27', '2030-02-28', '2030-03-01', '2030-03-02', '2030-03-03']);
    expect(addDays('2030-12-31', 1)).toBe('2031-01-01');
  });
});
