/**
 * Wall-clock time of an IANA zone without a date library, fast enough to price 100,000 sessions a
 * second: Intl is asked for the zone's offset twice per UTC day (and a few times more on a day with a
 * DST change); everything else is arithmetic on the cached offsets.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** A UTC day's offsets (minutes east of UTC): one, or two around a transition. */
type DayOffsets = { before: number; after: number; transitionAt: number };

type ZoneCache = { format: Intl.DateTimeFormat; days: Map<number, DayOffsets> };

const zones = new Map<string, ZoneCache>();

const zoneCache = (timeZone: string): ZoneCache => {
  let cache = zones.get(timeZone);
  if (!cache) {
    const format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    cache = { format, days: new Map() };
    zones.set(timeZone, cache);
  }
  return cache;
};

/** The zone's offset at one instant, from Intl: the slow path. */
const askOffset = (format: Intl.DateTimeFormat, at: number): number => {
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute);
  return Math.round((wall - Math.floor(at / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
};

/** Offsets change at most once a day, on a quarter hour of UTC: a binary search over the day's 96 quarters. */
const dayOffsets = (cache: ZoneCache, day: number): DayOffsets => {
  let offsets = cache.days.get(day);
  if (offsets) return offsets;
  const start = day * DAY_MS;
  const before = askOffset(cache.format, start);
  const after = askOffset(cache.format, start + DAY_MS - MINUTE_MS);
  let transitionAt = Infinity;
  if (before !== after) {
    let low = 0;
    let high = 95;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (askOffset(cache.format, start + (middle + 1) * 15 * MINUTE_MS) === after) high = middle;
      else low = middle + 1;
    }
    transitionAt = start + (low + 1) * 15 * MINUTE_MS;
  }
  offsets = { before, after, transitionAt };
  cache.days.set(day, offsets);
  return offsets;
};

/** Minutes the zone is ahead of UTC at `at` (negative west of Greenwich). */
export const offsetMinutes = (timeZone: string, at: number): number => {
  const offsets = dayOffsets(zoneCache(timeZone), Math.floor(at / DAY_MS));
  return at >= offsets.transitionAt ? offsets.after : offsets.before;
};

/** One piece of time within a single local hour. `day` counts local days since 1970-01-01. */
export type LocalPiece = { from: number; to: number; day: number; weekday: number; hour: number };

const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * Splits [from, to) into pieces that each lie in one local hour of one local day, calling `visit` for each
 * in order. A DST change ends a piece: the hour after it is the new local hour (02:00 skipped in spring, 01:00
 * lived twice in autumn).
 */
export const forEachLocalHour = (timeZone: string, from: number, to: number, visit: (piece: LocalPiece) => void): void => {
  const cache = zoneCache(timeZone);
  let at = from;
  while (at < to) {
    const utcDay = Math.floor(at / DAY_MS);
    const offsets = dayOffsets(cache, utcDay);
    const offset = (at >= offsets.transitionAt ? offsets.after : offsets.before) * MINUTE_MS;
    const local = at + offset;
    let next = (Math.floor(local / HOUR_MS) + 1) * HOUR_MS - offset;
    if (at < offsets.transitionAt && next > offsets.transitionAt) next = offsets.transitionAt;
    next = Math.min(next, (utcDay + 1) * DAY_MS, to);
    const day = Math.floor(local / DAY_MS);
    visit({ from: at, to: next, day, weekday: weekdayOf(day), hour: Math.floor((local - day * DAY_MS) / HOUR_MS) });
    at = next;
  }
};

/** The local calendar parts of an instant: weekday 0 is Sunday. */
export const localParts = (timeZone: string, at: number) => {
  const local = at + offsetMinutes(timeZone, at) * MINUTE_MS;
  const day = Math.floor(local / DAY_MS);
  const date = new Date(day * DAY_MS);
  return {
    day,
    weekday: weekdayOf(day),
    hour: Math.floor((local - day * DAY_MS) / HOUR_MS),
    minute: Math.floor((local % HOUR_MS) / MINUTE_MS),
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    date: date.getUTCDate(),
  };
};

/** True when Intl knows the zone. */
export const isKnownTimeZone = (timeZone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
};
