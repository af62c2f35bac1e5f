import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceSession } from './engine.ts';
import type { RatePeriod, SessionUsage, Tariff } from './types.ts';

const ZONES = ['America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'Australia/Adelaide', 'UTC'];
const STATUSES = ['Charging', 'SuspendedEV', 'SuspendedEVSE', 'Finishing', 'Charging'];

/** All-days periods cut at random hours, so every hour is covered exactly once. */
const periodsArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 23 }), { maxLength: 5 })
  .chain((cuts) => {
    const hours = [0, ...cuts.sort((a, b) => a - b), 24];
    return fc.tuple(
      ...hours.slice(1).map((end, i) =>
        fc.record({
          days: fc.constant('all-days' as const),
          startHour: fc.constant(hours[i]!),
          endHour: fc.constant(end % 24),
          energyPriceMicros: fc.integer({ min: 0, max: 2_000_000 }),
          timePriceMicros: fc.option(fc.integer({ min: 0, max: 5_000_000 })),
        }),
      ),
    );
  })
  .map((periods) => periods as RatePeriod[]);

const tariffArb: fc.Arbitrary<Tariff> = fc.record({
  currency: fc.constantFrom('USD', 'JPY', 'KWD', 'EUR'),
  periods: periodsArb,
  sessionFee: fc.integer({ min: 0, max: 500 }),
  idleFee: fc.record({
    enabled: fc.boolean(),
    pricePerMinute: fc.integer({ min: 0, max: 100 }),
    graceMinutes: fc.constantFrom(0, 15, 30, 60),
    dailyCap: fc.option(fc.integer({ min: 0, max: 5000 })),
    freeHours: fc.option(fc.record({ startHour: fc.constant(22), endHour: fc.constant(6) })),
  }),
  violationRules: fc.record({
    maxStay: fc.option(fc.record({ minutes: fc.constantFrom(60, 120, 240), fee: fc.integer({ min: 0, max: 3000 }) })),
    idleLimit: fc.option(fc.record({ minutes: fc.constantFrom(15, 60), fee: fc.integer({ min: 0, max: 3000 }) })),
  }),
});

const HOUR = 3_600_000;

const usageArb: fc.Arbitrary<SessionUsage> = fc
  .record({
    startedAt: fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') }),
    duration: fc.integer({ min: 0, max: 40 * HOUR }),
    meterStartWh: fc.integer({ min: 0, max: 1_000_000 }),
    steps: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), wh: fc.integer({ min: 0, max: 5_000 }) }), { maxLength: 30 }),
    statuses: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), status: fc.constantFrom(...STATUSES) }), { maxLength: 6 }),
  })
  .map(({ startedAt, duration, meterStartWh, steps, statuses }) => {
    const sorted = [...steps].sort((a, b) => a.at - b.at);
    let wh = meterStartWh;
    const samples = sorted.map((step) => ({ at: startedAt + Math.round(step.at * duration), energyWh: (wh += step.wh) }));
    return {
      startedAt,
      endedAt: startedAt + duration,
      meterStartWh,
      meterEndWh: wh + 100,
      samples,
      statuses: statuses.map((s) => ({ at: startedAt + Math.round(s.at * duration), status: s.status })),
    };
  });

const zoneArb = fc.constantFrom(...ZONES);

describe('pricing engine: properties', () => {
  it('the total is the sum of the line items, and no item is negative', () => {
    fc.assert(
      fc.property(tariffArb, usageArb, zoneArb, (tariff, usage, zone) => {
        const price = priceSession(tariff, usage, zone);
        expect(price.total).toBe(price.items.reduce((sum, item) => sum + item.amount, 0));
        for (const item of price.items) {
          expect(item.amount).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(item.amount)).toBe(true);
        }
      }),
    );
  });

  it('more energy never costs less', () => {
    fc.assert(
      fc.property(tariffArb, usageArb, zoneArb, fc.double({ min: 1, max: 5, noNaN: true }), (tariff, usage, zone, factor) => {
        const scale = (wh: number) => usage.meterStartWh + (wh - usage.meterStartWh) * factor;
        const more = {
          ...usage,
          meterEndWh: scale(usage.meterEndWh),
          samples: usage.samples.map((s) => ({ ...s, energyWh: scale(s.energyWh!) })),
        };
        expect(priceSession(tariff, more, zone).total).toBeGreaterThanOrEqual(priceSession(tariff, usage, zone).total);
      }),
    );
  });

  it('does not depend on how meter values are batched: order and repeats change nothing', () => {
    fc.assert(
      fc.property(tariffArb, usageArb, zoneArb, fc.integer(), (tariff, usage, zone, seed) => {
        const shuffled = [...usage.samples, ...usage.samples.slice(0, 3)]
          .map((sample, n) => ({ sample, key: Math.sin(seed + n) }))
          .sort((a, b) => a.key - b.key)
          .map(({ sample }) => sample);
        expect(priceSession(tariff, { ...usage, samples: shuffled }, zone)).toEqual(priceSession(tariff, usage, zone));
      }),
    );
  });

  it('a reading on the straight line between two others changes the price by at most a rounding unit per item', () => {
    fc.assert(
      fc.property(tariffArb, usageArb, zoneArb, (tariff, usage, zone) => {
        // The curve the engine reads: one reading per instant (the highest), start and end included.
        const byTime = new Map<number, number>([[usage.startedAt, usage.meterStartWh]]);
        for (const p of [...usage.samples, { at: usage.endedAt, energyWh: usage.meterEndWh }])
          byTime.set(p.at, Math.max(byTime.get(p.at) ?? 0, p.energyWh!));
        const points = [...byTime].sort((a, b) => a[0] - b[0]);
        const midpoints = points.slice(1).map(([at, wh], i) => ({ at: (at + points[i]![0]) / 2, energyWh: (wh + points[i]![1]) / 2 }));
        const denser = priceSession(tariff, { ...usage, samples: [...usage.samples, ...midpoints.filter((m) => Number.isInteger(m.at))] }, zone);
        const plain = priceSession(tariff, usage, zone);
        expect(Math.abs(denser.total - plain.total)).toBeLessThanOrEqual(plain.items.length);
      }),
    );
  });
});
