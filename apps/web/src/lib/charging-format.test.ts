import { describe, expect, it } from 'vitest';
import { describeDuration, elapsedMs, formatDuration, formatKw, formatKwh } from './charging-format.ts';

describe('charging formats', () => {
  it('energy has two decimals and thousands separators; power one decimal; unknown is a dash', () => {
    expect(formatKwh(0)).toBe('0.00 kWh');
    expect(formatKwh(1234.5)).toBe('1,234.50 kWh');
    expect(formatKwh(0.0049)).toBe('0.00 kWh');
    expect(formatKw(7.24)).toBe('7.2 kW');
    expect(formatKw(null)).toBe('—');
    expect(formatKwh(undefined)).toBe('—');
    expect(formatKwh(Number.NaN)).toBe('—');
  });

  it('durations read like a clock and grow units as needed', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(59_999)).toBe('0:59');
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
    expect(formatDuration(2 * 86_400_000 + 3_723_000)).toBe('2d 1:02:03');
    expect(formatDuration(-5000)).toBe('0:00');
  });

  it('says the duration in words for screen readers', () => {
    expect(describeDuration(3_723_000)).toBe('1 h 2 min 3 s');
    expect(describeDuration(4000)).toBe('4 s');
  });

  it('a running session counts to now; a stopped one to its stop', () => {
    const start = '2026-11-22T10:00:00.000Z';
    expect(elapsedMs(start, null, Date.parse('2026-11-22T10:00:05.000Z'))).toBe(5000);
    expect(elapsedMs(start, '2026-11-22T11:00:00.000Z', 0)).toBe(3_600_000);
  });
});
