/**
 * The pricing engine's two bars (issue 13), measured in one run:
 *   1. one 24-hour session, a meter value every minute (1,440), across 4 time-of-use periods, with idle time:
 *      median ≤ 1 ms;
 *   2. re-pricing 100,000 stored sessions (as an export or a revenue rebuild does, from rows already read):
 *      ≥ 20,000 sessions/s. Sessions spread over a whole year, so the time zone's offsets are looked up as a
 *      real export meets them (the first session of each day pays for that day's Intl calls).
 * Database reads are not part of either figure.
 */
import { priceSession, type SessionUsage, type Tariff } from '@wattdesk/shared';
import { finish } from './lib/machine.ts';

const ZONE = 'America/Los_Angeles';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const tariff: Tariff = {
  currency: 'USD',
  periods: [
    { days: 'weekdays', startHour: 0, endHour: 7, energyPriceMicros: 180_000, timePriceMicros: null },
    { days: 'weekdays', startHour: 7, endHour: 17, energyPriceMicros: 320_000, timePriceMicros: 500_000 },
    { days: 'weekdays', startHour: 17, endHour: 0, energyPriceMicros: 480_000, timePriceMicros: 1_000_000 },
    { days: 'weekends', startHour: 0, endHour: 0, energyPriceMicros: 250_000, timePriceMicros: null },
  ],
  sessionFee: 50,
  idleFee: { enabled: true, pricePerMinute: 40, graceMinutes: 15, dailyCap: 2500, freeHours: { startHour: 22, endHour: 6 } },
  violationRules: { maxStay: { minutes: 720, fee: 1500 }, idleLimit: { minutes: 60, fee: 1000 } },
};

/** A session with a reading every `everyMinutes`, charging then idle for its last quarter. */
const session = (startedAt: number, hours: number, everyMinutes: number): SessionUsage => {
  const endedAt = startedAt + hours * HOUR;
  const fullAt = startedAt + hours * 0.75 * HOUR;
  const samples = [];
  for (let at = startedAt + everyMinutes * MINUTE; at < endedAt; at += everyMinutes * MINUTE)
    samples.push({ at, energyWh: 10_000 + (Math.min(at, fullAt) - startedAt) * (7_200 / HOUR) });
  return {
    startedAt,
    endedAt,
    meterStartWh: 10_000,
    meterEndWh: 10_000 + (fullAt - startedAt) * (7_200 / HOUR),
    samples,
    statuses: [
      { at: startedAt, status: 'Charging' },
      { at: fullAt, status: 'SuspendedEV' },
    ],
  };
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

// 1. One long session, many times.
const long = session(Date.parse('2026-11-20T15:00:00Z'), 24, 1);
for (let n = 0; n < 50; n += 1) priceSession(tariff, long, ZONE);
const times: number[] = [];
for (let n = 0; n < 500; n += 1) {
  const started = performance.now();
  priceSession(tariff, long, ZONE);
  times.push(performance.now() - started);
}
const longMedian = median(times);
const longPass = longMedian <= 1;
const items = priceSession(tariff, long, ZONE).items.length;

// 2. 100,000 sessions over a year: 30 min to 8 h, a reading every 5 minutes.
const COUNT = 100_000;
const yearStart = Date.parse('2026-01-01T00:00:00Z');
let seed = 42;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const stored = Array.from({ length: COUNT }, () =>
  session(yearStart + Math.floor(random() * 364 * 24) * HOUR + Math.floor(random() * 60) * MINUTE, 0.5 + random() * 7.5, 5),
);
const samples = stored.reduce((sum, s) => sum + s.samples.length, 0);
const started = performance.now();
let total = 0;
for (const usage of stored) total += priceSession(tariff, usage, ZONE).total;
const seconds = (performance.now() - started) / 1000;
const rate = COUNT / seconds;
const ratePass = rate >= 20_000;

console.log('Pricing engine (packages/shared/src/pricing), America/Los_Angeles, 4 periods, idle fee, violations');
console.log(
  `  24-hour session, 1,440 meter values, ${items} line items: median ${longMedian.toFixed(3)} ms over 500 runs   (bar: ≤ 1 ms)  ${longPass ? 'PASS' : 'FAIL'}`,
);
console.log(
  `  re-pricing ${COUNT.toLocaleString('en-US')} stored sessions (${samples.toLocaleString('en-US')} meter values, a year of days): ${seconds.toFixed(2)} s = ${Math.round(rate).toLocaleString('en-US')} sessions/s   (bar: ≥ 20,000/s)  ${ratePass ? 'PASS' : 'FAIL'}`,
);
console.log(`  (sum of totals ${total.toLocaleString('en-US')} minor units, so the work is not optimised away)`);
finish(longPass && ratePass, 'long session ≤ 1 ms, re-pricing ≥ 20,000 sessions/s');
