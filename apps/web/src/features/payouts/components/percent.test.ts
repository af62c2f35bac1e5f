import { zoneOffsetMs } from '@wattdesk/shared/time-zones';
import { describe, expect, it } from 'vitest';
import { bpsLabel, percentToBps, startOfDayIn } from './percent.ts';

describe('revenue share inputs', () => {
  it('reads percentages as basis points without floating point, and refuses what is not one', () => {
    expect(percentToBps('70')).toBe(7000);
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('0.07')).toBe(7);
    expect(percentToBps('33,33')).toBe(3333);
    for (const bad of ['', 'ten', '1.234', '-5', '1e2']) expect(percentToBps(bad)).toBeUndefined();
    expect(bpsLabel(1250)).toBe('12.5%');
  });

  it('takes an effective day as midnight on the location clock', () => {
    expect(startOfDayIn('2026-01-01', 'America/Los_Angeles', zoneOffsetMs)).toBe('2026-01-01T08:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'America/Los_Angeles', zoneOffsetMs)).toBe('2026-07-01T07:00:00.000Z');
    expect(startOfDayIn('2026-07-01', 'UTC', zoneOffsetMs)).toBe('2026-07-01T00:00:00.000Z');
  });
});
