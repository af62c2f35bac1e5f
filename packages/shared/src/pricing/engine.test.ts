import { describe, expect, it } from 'vitest';
import { priceSession, quoteSession } from './engine.ts';
import type { IdleFeeSettings, RatePeriod, SessionUsage, Tariff } from './types.ts';

const LA = 'America/Los_Angeles';
const at = (iso: string) => Date.parse(iso);
const noIdle: IdleFeeSettings = { enabled: false, pricePerMinute: 0, graceMinutes: 0, dailyCap: null, freeHours: null };
const period = (days: RatePeriod['days'], startHour: number, endHour: number, energy: number, time: number | null = null): RatePeriod => ({
  days,
  startHour,
  endHour,
  energyPriceMicros: energy,
  timePriceMicros: time,
});

/** Weekday nights and days $0.20, weekday peak 5–9 PM $0.45 + $1.00/h, weekends $0.25; $0.50 a session. */
const timeOfUse: Tariff = {
  currency: 'USD',
  periods: [period('weekdays', 21, 17, 200_000), period('weekdays', 17, 21, 450_000, 1_000_000), period('weekends', 0, 0, 250_000)],
  sessionFee: 50,
  idleFee: noIdle,
  violationRules: { maxStay: null, idleLimit: null },
};

const usage = (startIso: string, endIso: string, kwh: number, extra: Partial<SessionUsage> = {}): SessionUsage => ({
  startedAt: at(startIso),
  endedAt: at(endIso),
  meterStartWh: 1_000,
  meterEndWh: 1_000 + kwh * 1000,
  samples: [],
  statuses: [],
  ...extra,
});

const summary = (price: ReturnType<typeof priceSession>) => price.items.map((i) => [i.kind, i.quantity, i.amount]);

describe('pricing engine: worked examples', () => {
  it('splits energy and time at a period boundary (Tue 4–6 PM, 20 kWh)', () => {
    // 4 PM PST on Tuesday 17 Nov is 00:00 UTC on the 18th.
    const price = priceSession(timeOfUse, usage('2026-11-18T00:00:00Z', '2026-11-18T02:00:00Z', 20), LA);
    expect(summary(price)).toEqual([
      ['energy', 10, 200],
      ['energy', 10, 450],
      ['time', 1, 100],
      ['session-fee', 1, 50],
    ]);
    expect(price.total).toBe(800);
    expect(price.items[1]!.description).toBe('Energy, Weekdays 5 PM–9 PM');
  });

  it('follows the meter values, not the clock, within the session', () => {
    // 15 of 20 kWh counted before 5 PM.
    const samples = [{ at: at('2026-11-18T01:00:00Z'), energyWh: 16_000 }];
    const price = priceSession(timeOfUse, usage('2026-11-18T00:00:00Z', '2026-11-18T02:00:00Z', 20, { samples }), LA);
    expect(summary(price).slice(0, 2)).toEqual([
      ['energy', 15, 300],
      ['energy', 5, 225],
    ]);
  });

  it('crosses midnight from Friday into the weekend', () => {
    // Friday 20 Nov 11 PM → Saturday 1 AM (PST), 10 kWh.
    const price = priceSession(timeOfUse, usage('2026-11-21T07:00:00Z', '2026-11-21T09:00:00Z', 10), LA);
    expect(summary(price)).toEqual([
      ['energy', 5, 100],
      ['energy', 5, 125],
      ['session-fee', 1, 50],
    ]);
  });

  const hourly: Tariff = {
    ...timeOfUse,
    periods: [
      period('all-days', 0, 1, 100_000),
      period('all-days', 1, 2, 200_000),
      period('all-days', 2, 3, 300_000),
      period('all-days', 3, 0, 400_000),
    ],
    sessionFee: 0,
  };

  it('DST spring forward: 2 AM does not exist on 8 March, two real hours price at 1 AM and 3 AM', () => {
    // 1:00 PST (09:00Z) → 4:00 PDT (11:00Z) is two hours.
    const price = priceSession(hourly, usage('2026-03-08T09:00:00Z', '2026-03-08T11:00:00Z', 20), LA);
    expect(summary(price)).toEqual([
      ['energy', 10, 200],
      ['energy', 10, 400],
    ]);
  });

  it('DST fall back: 1 AM happens twice on 1 November and is priced twice', () => {
    // 0:00 PDT (07:00Z) → 2:00 PST (10:00Z) is three hours: 12 AM once, 1 AM twice.
    const price = priceSession(hourly, usage('2026-11-01T07:00:00Z', '2026-11-01T10:00:00Z', 30), LA);
    expect(summary(price)).toEqual([
      ['energy', 10, 100],
      ['energy', 20, 400],
    ]);
  });

  it('the same instant is priced in the location’s own zone', () => {
    // 00:00Z on Wed 18 Nov is 4 PM Tuesday in Los Angeles but 9 AM Wednesday in Tokyo: both off-peak.
    const tokyo = priceSession(timeOfUse, usage('2026-11-18T08:00:00Z', '2026-11-18T09:00:00Z', 10), 'Asia/Tokyo');
    const losAngeles = priceSession(timeOfUse, usage('2026-11-18T08:00:00Z', '2026-11-18T09:00:00Z', 10), LA);
    // 5 PM in Tokyo is peak; 0:00 in Los Angeles is night.
    expect(summary(tokyo)[0]).toEqual(['energy', 10, 450]);
    expect(summary(losAngeles)[0]).toEqual(['energy', 10, 200]);
  });

  const idleTariff = (idle: Partial<IdleFeeSettings>): Tariff => ({
    ...timeOfUse,
    periods: [period('all-days', 0, 0, 300_000, 600_000)],
    sessionFee: 0,
    idleFee: { enabled: true, pricePerMinute: 40, graceMinutes: 15, dailyCap: null, freeHours: null, ...idle },
  });
  // Charging from 10 AM, full at 11 AM, unplugged at 1 PM (PST, Wednesday 18 Nov).
  const idleSession = usage('2026-11-18T18:00:00Z', '2026-11-18T21:00:00Z', 7, {
    statuses: [
      { at: at('2026-11-18T18:00:05Z'), status: 'Charging' },
      { at: at('2026-11-18T19:00:00Z'), status: 'SuspendedEV' },
    ],
  });

  it('idle fee after the grace period; charging time excludes idle time', () => {
    const price = priceSession(idleTariff({}), idleSession, LA);
    expect(summary(price)).toEqual([
      ['energy', 7, 210],
      ['time', 1, 60],
      ['idle', 105, 4200],
    ]);
    expect(price.idleSeconds).toBe(7200);
    expect(price.items[2]!.description).toBe('Idle fee 2026-11-18 (after 15 min grace)');
  });

  it('idle fee stops at the daily cap', () => {
    const price = priceSession(idleTariff({ dailyCap: 2500 }), idleSession, LA);
    expect(summary(price)[2]).toEqual(['idle', 105, 2500]);
    expect(price.total).toBe(210 + 60 + 2500);
  });

  it('no idle fee in the free hours; the cap applies per local day', () => {
    // Full at 9 PM, unplugged at 8 AM next day; free 10 PM–6 AM; no grace; cap $10 a day.
    const overnight = usage('2026-11-19T03:00:00Z', '2026-11-19T16:00:00Z', 7, {
      statuses: [{ at: at('2026-11-19T05:00:00Z'), status: 'SuspendedEV' }],
    });
    const price = priceSession(idleTariff({ graceMinutes: 0, dailyCap: 1000, freeHours: { startHour: 22, endHour: 6 } }), overnight, LA);
    // 9–10 PM on the 18th: 60 min = $24 → capped $10; 6–8 AM on the 19th: 120 min = $48 → capped $10.
    expect(price.items.filter((i) => i.kind === 'idle').map((i) => [i.quantity, i.amount])).toEqual([
      [60, 1000],
      [120, 1000],
    ]);
  });

  it('a zero-energy session pays the session fee only', () => {
    const price = priceSession(timeOfUse, usage('2026-11-18T18:00:00Z', '2026-11-18T18:05:00Z', 0), LA);
    expect(summary(price)).toEqual([['session-fee', 1, 50]]);
    expect(price.energyWh).toBe(0);
  });

  it('violations: maximum stay and idle beyond the limit', () => {
    const tariff: Tariff = { ...idleTariff({}), violationRules: { maxStay: { minutes: 120, fee: 1500 }, idleLimit: { minutes: 60, fee: 700 } } };
    const price = priceSession(tariff, idleSession, LA);
    expect(price.violations).toEqual([
      { rule: 'max-stay', amount: 1500, limitMinutes: 120, actualMinutes: 180 },
      { rule: 'idle-limit', amount: 700, limitMinutes: 60, actualMinutes: 120 },
    ]);
    expect(price.items.slice(-2).map((i) => [i.kind, i.rule, i.amount])).toEqual([
      ['violation', 'max-stay', 1500],
      ['violation', 'idle-limit', 700],
    ]);
  });

  it('currencies without and with three minor digits', () => {
    const yen: Tariff = { ...timeOfUse, currency: 'JPY', periods: [period('all-days', 0, 0, 35_500_000)], sessionFee: 100 };
    expect(priceSession(yen, usage('2026-11-18T00:00:00Z', '2026-11-18T01:00:00Z', 3), LA).total).toBe(107 + 100); // 3 kWh × ¥35.5 = ¥106.5, rounded up;
    const dinar: Tariff = { ...timeOfUse, currency: 'KWD', periods: [period('all-days', 0, 0, 123_400)], sessionFee: 0 };
    expect(priceSession(dinar, usage('2026-11-18T00:00:00Z', '2026-11-18T01:00:00Z', 10), LA).total).toBe(1234);
  });

  it('quotes a what-if session for the calculator', () => {
    const quote = quoteSession(timeOfUse, LA, at('2026-11-18T00:00:00Z'), 2, 20);
    expect(quote.total).toBe(800);
  });
});
