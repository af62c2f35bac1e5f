import { describe, expect, it } from 'vitest';
import { changeOf, presetRange, todayIn } from './range.ts';

describe('dashboard ranges', () => {
  it('presets end today and count today in; this month starts on the 1st', () => {
    expect(presetRange('today', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
    expect(presetRange('7d', '2026-11-25')).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(presetRange('30d', '2026-03-01')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(presetRange('90d', '2026-11-25')).toEqual({ from: '2026-08-28', to: '2026-11-25' });
    expect(presetRange('month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-25' });
  });

  it('today is the location’s own date: late evening in Los Angeles is already tomorrow in Auckland', () => {
    const at = new Date('2026-11-25T07:30:00Z');
    expect(todayIn('America/Los_Angeles', at)).toBe('2026-11-24');
    expect(todayIn('Pacific/Auckland', at)).toBe('2026-11-25');
  });

  it('the change is relative to the previous period, and absent when that was zero', () => {
    expect(changeOf(150, 100)).toBe(50);
    expect(changeOf(50, 100)).toBe(-50);
    expect(changeOf(10, 0)).toBeNull();
    expect(changeOf(10, null)).toBeNull();
  });
});
