import { describe, expect, it } from 'vitest';
import { allocatePower, gridCapacityW, limitAt, localHour, type AllocationSession } from './allocation.ts';

const session = (key: string, overrides: Partial<AllocationSession> = {}): AllocationSession => ({
  key,
  priority: 0,
  startedAt: Number(key.replace(/\D/g, '')) || 0,
  maxW: 22_000,
  ...overrides,
});
const total = (shares: Map<string, number>) => [...shares.values()].reduce((sum, value) => sum + value, 0);

/** A small seeded generator, so a failing case can be replayed. */
const generator = (seed: number) => () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};

describe('allocatePower', () => {
  it('shares equally, and what a small charger cannot use goes to the others', () => {
    const shares = allocatePower(50_000, 1_400, [session('s1', { maxW: 7_200 }), session('s2'), session('s3')]);
    expect(Object.fromEntries(shares)).toEqual({ s1: 7_200, s2: 21_400, s3: 21_400 });
  });

  it('below the minimums, the first sessions (high priority first) get the minimum and the rest wait at 0', () => {
    const sessions = [session('s1'), session('s2'), session('s3', { priority: 1 })];
    expect(Object.fromEntries(allocatePower(3_000, 1_400, sessions))).toEqual({ s3: 1_600, s1: 1_400, s2: 0 });
  });

  it('high priority is filled to its maximum before normal sessions get more than the minimum', () => {
    const shares = allocatePower(20_000, 2_000, [session('s1'), session('s2', { priority: 1, maxW: 11_000 })]);
    expect(Object.fromEntries(shares)).toEqual({ s1: 9_000, s2: 11_000 });
  });

  it('property: never above the limit, every admitted session at least its minimum, no waste while someone could draw more', () => {
    const random = generator(17);
    for (let run = 0; run < 500; run += 1) {
      const count = Math.floor(random() * 40);
      const sessions = Array.from({ length: count }, (_, index) =>
        session(`s${index}`, { priority: random() < 0.2 ? 1 : 0, maxW: [3_700, 7_200, 11_000, 22_000][Math.floor(random() * 4)]! }),
      );
      const limitW = Math.floor(random() * 200_000);
      const minW = 1_000 + Math.floor(random() * 2_000);
      const shares = allocatePower(limitW, minW, sessions);
      expect(total(shares)).toBeLessThanOrEqual(limitW);
      const admitted = sessions.filter((s) => (shares.get(s.key) ?? 0) > 0);
      for (const s of admitted) expect(shares.get(s.key)).toBeGreaterThanOrEqual(Math.min(minW, s.maxW));
      for (const s of sessions) expect(shares.get(s.key)).toBeLessThanOrEqual(s.maxW);
      // Everyone waiting means the limit could not fit one more minimum; everyone below max means little is left.
      if (admitted.length < sessions.length) expect(limitW - total(shares)).toBeLessThan(minW);
      if (admitted.length === sessions.length && sessions.some((s) => shares.get(s.key)! < s.maxW))
        expect(limitW - total(shares)).toBeLessThan(sessions.length + 1);
    }
  });
});

describe('limitAt and the grid connection', () => {
  const settings = {
    limitMode: 'time-of-day' as const,
    limitW: 50_000,
    periods: [
      { startHour: 17, endHour: 21, limitW: 20_000 },
      { startHour: 22, endHour: 6, limitW: 80_000 },
    ],
  };

  it('takes the period of the local hour, wrapping past midnight, the fixed limit elsewhere, and never above the grid', () => {
    expect(limitAt(settings, null, 18)).toBe(20_000);
    expect(limitAt(settings, null, 2)).toBe(80_000);
    expect(limitAt(settings, 60_000, 23)).toBe(60_000);
    expect(limitAt(settings, null, 12)).toBe(50_000);
    expect(limitAt({ ...settings, limitMode: 'fixed' }, null, 18)).toBe(50_000);
  });

  it('amps per phase × phases × voltage', () => {
    expect(gridCapacityW({ supplyUnit: 'A', supplyCapacity: 1000, phases: 3, voltage: 230 })).toBe(69_000);
    expect(gridCapacityW({ supplyUnit: 'kW', supplyCapacity: 150_000, phases: 3, voltage: 400 })).toBe(150_000);
    expect(gridCapacityW({ supplyUnit: null, supplyCapacity: null, phases: null, voltage: null })).toBeNull();
  });

  it('reads the hour on the location’s clock, daylight saving included', () => {
    // 07:30 UTC on 27 December: 23:30 the evening before in Los Angeles, 08:30 in Berlin, 13:00 in Kolkata.
    const winter = new Date('2026-12-27T07:30:00Z');
    expect([localHour(winter, 'America/Los_Angeles'), localHour(winter, 'Europe/Berlin'), localHour(winter, 'Asia/Kolkata')]).toEqual([23, 8, 13]);
    // 10:30 UTC on 8 March 2026, after the switch to daylight time at 10:00 UTC: 03:30 in Los Angeles, not 02:30.
    expect(localHour(new Date('2026-03-08T10:30:00Z'), 'America/Los_Angeles')).toBe(3);
  });
});
