import { describe, expect, it } from 'vitest';
import { bpsToPercent, percentToBps, splitByShare } from './split.ts';

describe('revenue split (largest remainder)', () => {
  it('adds up to the cent and gives the left-over cent to the largest remainder', () => {
    expect(splitByShare(100, { hostBps: 3333, resellerBps: 3333, platformBps: 3334 })).toEqual({ host: 33, reseller: 33, platform: 34 });
    expect(splitByShare(1, { hostBps: 7000, resellerBps: 2000, platformBps: 1000 })).toEqual({ host: 1, reseller: 0, platform: 0 });
    expect(splitByShare(999, { hostBps: 8550, resellerBps: 500, platformBps: 950 })).toEqual({ host: 854, reseller: 50, platform: 95 });
    expect(splitByShare(-999, { hostBps: 8550, resellerBps: 500, platformBps: 950 })).toEqual({ host: -854, reseller: -50, platform: -95 });
  });

  it('keeps every split exact for many random amounts and shares', () => {
    for (let n = 0; n < 2000; n += 1) {
      const amount = Math.floor(Math.random() * 10_000_000);
      const hostBps = Math.floor(Math.random() * 10_001);
      const resellerBps = Math.floor(Math.random() * (10_001 - hostBps));
      const parts = splitByShare(amount, { hostBps, resellerBps, platformBps: 10_000 - hostBps - resellerBps });
      expect(parts.host + parts.reseller + parts.platform).toBe(amount);
      expect(Math.abs(parts.host - (amount * hostBps) / 10_000)).toBeLessThan(1);
    }
  });

  it('refuses shares that do not make 100%', () => {
    expect(() => splitByShare(100, { hostBps: 5000, resellerBps: 0, platformBps: 4000 })).toThrow(RangeError);
  });

  it('reads percentages as typed without floating point', () => {
    expect(percentToBps('12.5')).toBe(1250);
    expect(percentToBps('100')).toBe(10_000);
    expect(percentToBps('0.01')).toBe(1);
    expect(percentToBps('12.345')).toBeUndefined();
    expect(percentToBps('101')).toBeUndefined();
    expect(bpsToPercent(1250)).toBe('12.50');
  });
});
