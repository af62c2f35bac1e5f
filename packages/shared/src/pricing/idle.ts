import { forEachLocalHour } from './local-time.ts';
import { coversHour, windowLabel } from './periods.ts';
import type { LineItem, SessionUsage, Tariff } from './types.ts';

export type Interval = { from: number; to: number };

/** OCPP 1.6 connector statuses of a car that has stopped drawing power but is still plugged in. */
export const IDLE_STATUSES: ReadonlySet<string> = new Set(['SuspendedEV', 'Finishing']);

/** The stretches of the session during which the connector reported an idle status. */
export const idleIntervals = (usage: Pick<SessionUsage, 'startedAt' | 'endedAt' | 'statuses'>): Interval[] => {
  const statuses = [...usage.statuses].sort((a, b) => a.at - b.at);
  const intervals: Interval[] = [];
  let idleSince: number | null = null;
  for (const { at, status } of statuses) {
    const clamped = Math.min(Math.max(at, usage.startedAt), usage.endedAt);
    const idle = IDLE_STATUSES.has(status);
    if (idle && idleSince === null) idleSince = clamped;
    else if (!idle && idleSince !== null) {
      if (clamped > idleSince) intervals.push({ from: idleSince, to: clamped });
      idleSince = null;
    }
  }
  if (idleSince !== null && usage.endedAt > idleSince) intervals.push({ from: idleSince, to: usage.endedAt });
  return intervals;
};

/** The idle intervals less the first `graceMs` of idle time: the grace runs from when charging stops. */
const afterGrace = (intervals: Interval[], graceMs: number): Interval[] => {
  let grace = graceMs;
  const billable: Interval[] = [];
  for (const interval of intervals) {
    const skip = Math.min(grace, interval.to - interval.from);
    grace -= skip;
    if (interval.from + skip < interval.to) billable.push({ from: interval.from + skip, to: interval.to });
  }
  return billable;
};

/** Idle fee items, one per local day with billable idle time; each day at most the daily cap. */
export const priceIdle = (tariff: Tariff, idle: Interval[], timeZone: string): LineItem[] => {
  const settings = tariff.idleFee;
  if (!settings.enabled || settings.pricePerMinute <= 0 || !idle.length) return [];
  const byDay = new Map<number, number>();
  for (const interval of afterGrace(idle, settings.graceMinutes * 60_000)) {
    forEachLocalHour(timeZone, interval.from, interval.to, (piece) => {
      if (settings.freeHours && settings.freeHours.startHour !== settings.freeHours.endHour && coversHour(settings.freeHours, piece.hour)) return;
      byDay.set(piece.day, (byDay.get(piece.day) ?? 0) + piece.to - piece.from);
    });
  }
  const items: LineItem[] = [];
  const notes = [
    settings.graceMinutes ? `after ${settings.graceMinutes} min grace` : '',
    settings.freeHours ? `free ${windowLabel(settings.freeHours)}` : '',
  ].filter(Boolean);
  for (const [day, ms] of byDay) {
    const minutes = ms / 60_000;
    const uncapped = Math.round(minutes * settings.pricePerMinute);
    const capped = settings.dailyCap !== null && uncapped > settings.dailyCap;
    const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
    items.push({
      kind: 'idle',
      description: `Idle fee ${date}${notes.length ? ` (${notes.join(', ')})` : ''}${capped ? ', daily cap reached' : ''}`,
      detail: { idle: { date, graceMinutes: settings.graceMinutes, freeHours: settings.freeHours, capped } },
      quantity: Math.round(minutes * 1000) / 1000,
      unit: 'min',
      periodIndex: null,
      rule: null,
      amount: capped ? settings.dailyCap! : uncapped,
    });
  }
  return items;
};
