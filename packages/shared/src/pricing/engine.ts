import { amountFor } from './money.ts';
import { forEachLocalHour, HOUR_MS } from './local-time.ts';
import { periodGrid, periodLabel } from './periods.ts';
import { priceIdle, idleIntervals, type Interval } from './idle.ts';
import type { LineItem, RatePeriod, SessionPrice, SessionUsage, Tariff, ViolationRule } from './types.ts';

/** A stretch of the session priced by one period. */
type Stretch = { from: number; to: number; period: number };

/** The session's time cut where the period in force changes (local hours, days, DST). */
const stretchesOf = (tariff: Tariff, timeZone: string, from: number, to: number): Stretch[] => {
  const grid = periodGrid(tariff.periods);
  const stretches: Stretch[] = [];
  forEachLocalHour(timeZone, from, to, (piece) => {
    const period = grid[piece.weekday * 24 + piece.hour]!;
    const last = stretches[stretches.length - 1];
    if (last && last.period === period && last.to === piece.from) last.to = piece.to;
    else stretches.push({ from: piece.from, to: piece.to, period });
  });
  return stretches;
};

/**
 * Wh per period, walking the meter curve: start, readings, end, in time order, one point per instant (the
 * highest), never going down (a register that went backwards is a charger fault and counts nothing). Each
 * step of the meter is spread evenly over its time, so batching readings changes nothing. No point is
 * allocated: an export re-prices millions of readings.
 */
const energyByPeriod = (usage: SessionUsage, stretches: Stretch[], periods: number): { energy: number[]; lastWh: number } => {
  const energy = new Array<number>(periods).fill(0);
  const { samples, startedAt, endedAt } = usage;
  let ordered = true;
  for (let i = 1; i < samples.length && ordered; i += 1) ordered = samples[i - 1]!.at <= samples[i]!.at;
  const readings = ordered ? samples : [...samples].sort((a, b) => a.at - b.at);
  let s = 0;
  const spread = (t0: number, e0: number, t1: number, e1: number) => {
    const delta = e1 - e0;
    while (s < stretches.length - 1 && stretches[s]!.to <= t0) s += 1;
    if (delta <= 0 || !stretches.length) return;
    if (t1 <= t0) {
      energy[stretches[s]!.period]! += delta;
      return;
    }
    for (let k = s; k < stretches.length && stretches[k]!.from < t1; k += 1) {
      const overlap = Math.min(t1, stretches[k]!.to) - Math.max(t0, stretches[k]!.from);
      if (overlap > 0) energy[stretches[k]!.period]! += (delta * overlap) / (t1 - t0);
    }
  };
  // The last point committed, and the newest one (still taking readings of the same instant).
  let fromAt = startedAt;
  let fromWh = usage.meterStartWh;
  let atAt = startedAt;
  let atWh = usage.meterStartWh;
  const add = (at: number, wh: number) => {
    const high = Math.max(atWh, wh);
    if (at === atAt) {
      atWh = high;
      return;
    }
    spread(fromAt, fromWh, atAt, atWh);
    fromAt = atAt;
    fromWh = atWh;
    atAt = at;
    atWh = high;
  };
  for (const reading of readings)
    if (reading.energyWh !== null && reading.at >= startedAt && reading.at <= endedAt) add(reading.at, reading.energyWh);
  add(endedAt, Math.max(usage.meterEndWh, usage.meterStartWh));
  spread(fromAt, fromWh, atAt, atWh);
  return { energy, lastWh: atWh };
};

const overlapWith = (from: number, to: number, intervals: Interval[]): number =>
  intervals.reduce((sum, i) => sum + Math.max(0, Math.min(to, i.to) - Math.max(from, i.from)), 0);

/** Charging time per period: the session's time less its idle time. */
const chargingByPeriod = (stretches: Stretch[], idle: Interval[], periods: number): number[] => {
  const ms = new Array<number>(periods).fill(0);
  for (const stretch of stretches) ms[stretch.period]! += stretch.to - stretch.from - overlapWith(stretch.from, stretch.to, idle);
  return ms;
};

const round3 = (value: number) => Math.round(value * 1000) / 1000;

const violationItems = (tariff: Tariff, usage: SessionUsage, idleMs: number): SessionPrice['violations'] => {
  const found: SessionPrice['violations'] = [];
  const check = (rule: ViolationRule, limit: { minutes: number; fee: number } | null, actualMs: number) => {
    if (limit && actualMs > limit.minutes * 60_000)
      found.push({ rule, amount: limit.fee, limitMinutes: limit.minutes, actualMinutes: Math.floor(actualMs / 60_000) });
  };
  check('max-stay', tariff.violationRules.maxStay, usage.endedAt - usage.startedAt);
  check('idle-limit', tariff.violationRules.idleLimit, idleMs);
  return found;
};

const periodWords = ({ days, startHour, endHour }: RatePeriod) => ({ days, startHour, endHour });

const VIOLATION_TEXT: Record<ViolationRule, string> = { 'max-stay': 'Overstay: maximum stay exceeded', 'idle-limit': 'Idle beyond the limit' };

/**
 * Prices one session with one tariff version in the location's time zone. Pure: the live estimate, the
 * stored final price, exports and revenue all come from here. Amounts are integer minor units; each line
 * item is rounded once and the total is their sum.
 */
export const priceSession = (tariff: Tariff, usage: SessionUsage, timeZone: string): SessionPrice => {
  const { currency } = tariff;
  const endedAt = Math.max(usage.endedAt, usage.startedAt);
  const span = { ...usage, endedAt };
  const stretches = stretchesOf(tariff, timeZone, span.startedAt, endedAt);
  const periods = tariff.periods.length;
  const { energy, lastWh } = energyByPeriod(span, stretches, periods);
  const idle = idleIntervals(span);
  const charging = chargingByPeriod(stretches, idle, periods);
  const items: LineItem[] = [];
  const order = [...new Set(stretches.map((s) => s.period))].filter((p) => p >= 0);

  for (const p of order) {
    const kwh = energy[p]! / 1000;
    const period = tariff.periods[p]!;
    if (kwh > 0)
      items.push({
        kind: 'energy',
        description: `Energy, ${periodLabel(period)}`,
        detail: { period: periodWords(period) },
        quantity: round3(kwh),
        unit: 'kWh',
        periodIndex: p,
        rule: null,
        amount: amountFor(kwh, period.energyPriceMicros, currency),
      });
  }
  for (const p of order) {
    const period = tariff.periods[p]!;
    const hours = charging[p]! / HOUR_MS;
    if (period.timePriceMicros && hours > 0)
      items.push({
        kind: 'time',
        description: `Charging time, ${periodLabel(period)}`,
        detail: { period: periodWords(period) },
        quantity: round3(hours),
        unit: 'h',
        periodIndex: p,
        rule: null,
        amount: amountFor(hours, period.timePriceMicros, currency),
      });
  }
  const idleMs = overlapWith(span.startedAt, endedAt, idle);
  items.push(...priceIdle(tariff, idle, timeZone));
  if (tariff.sessionFee > 0)
    items.push({
      kind: 'session-fee',
      description: 'Session fee',
      detail: null,
      quantity: 1,
      unit: 'session',
      periodIndex: null,
      rule: null,
      amount: tariff.sessionFee,
    });
  const violations = violationItems(tariff, span, idleMs);
  for (const v of violations)
    items.push({
      kind: 'violation',
      description: VIOLATION_TEXT[v.rule],
      detail: null,
      quantity: 1,
      unit: 'session',
      periodIndex: null,
      rule: v.rule,
      amount: v.amount,
    });

  return {
    currency,
    total: items.reduce((sum, item) => sum + item.amount, 0),
    items,
    energyWh: Math.max(0, lastWh - usage.meterStartWh),
    chargingSeconds: Math.round(charging.reduce((a, b) => a + b, 0) / 1000),
    idleSeconds: Math.round(idleMs / 1000),
    violations,
  };
};

/** A what-if for the calculator: `kwh` spread evenly over `hours` starting at `startAt`, no idle time. */
export const quoteSession = (tariff: Tariff, timeZone: string, startAt: number, hours: number, kwh: number): SessionPrice =>
  priceSession(
    tariff,
    { startedAt: startAt, endedAt: startAt + hours * HOUR_MS, meterStartWh: 0, meterEndWh: kwh * 1000, samples: [], statuses: [] },
    timeZone,
  );
