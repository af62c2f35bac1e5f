/** Times belong to locations: stored in UTC, shown and exported in the location's IANA time zone. */

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
const partsFormatter = (timeZone: string) => {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
};

/** The zone's wall clock at that instant, as UTC fields (year, month 1–12, day, hour, minute, second). */
const wallClock = (instantMs: number, timeZone: string) => {
  const parts = partsFormatter(timeZone).formatToParts(new Date(instantMs));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value ?? 0);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
};

/** How far the zone's clock is ahead of UTC at that instant, in ms (negative west of Greenwich). */
export const zoneOffsetMs = (instantMs: number, timeZone: string): number => {
  const clock = wallClock(instantMs, timeZone);
  const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
  return asUtc - Math.floor(instantMs / 1000) * 1000;
};

const two = (value: number) => String(value).padStart(2, '0');

/** The text of an instant (to the second) on a clock `offsetMs` ahead of UTC: its wall clock, then the offset. */
const stampAt = (instantMs: number, offsetMs: number) => {
  const clock = new Date(Math.floor(instantMs / 1000) * 1000 + offsetMs);
  const offsetMinutes = Math.round(offsetMs / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${two(Math.floor(Math.abs(offsetMinutes) / 60))}:${two(Math.abs(offsetMinutes) % 60)}`;
  return `${clock.getUTCFullYear()}-${two(clock.getUTCMonth() + 1)}-${two(clock.getUTCDate())} ${two(clock.getUTCHours())}:${two(clock.getUTCMinutes())}:${two(clock.getUTCSeconds())} ${offset}`;
};

/**
 * `2026-11-03 09:00:00 -08:00`: the zone's wall clock with its UTC offset, for CSV exports. A spreadsheet
 * sorts it as text, a person reads the location's own clock, and the offset keeps it unambiguous.
 */
export const formatZonedTimestamp = (value: string | Date, timeZone = 'UTC'): string => {
  const instantMs = typeof value === 'string' ? Date.parse(value) : value.getTime();
  return Number.isNaN(instantMs) ? '' : stampAt(instantMs, zoneOffsetMs(instantMs, timeZone));
};

const QUARTER_HOUR_MS = 900_000;
const DAY_SECONDS = 86_400;
const TWO_DIGITS = Array.from({ length: 60 }, (_, value) => two(value));

/**
 * formatZonedTimestamp for many instants of one zone (a month's statement: 100,000 lines). Asking Intl per
 * instant dominated the export; the offset is asked once per quarter hour instead, since zones change offset on
 * quarter hours. A quarter whose two ends disagree holds a change, and its instants are asked one by one. The
 * date part is written once per local day and the offset once per offset: per instant only the clock is written.
 */
export const zonedTimestampFormatter = (timeZone = 'UTC') => {
  const offsets = new Map<number, number | null>();
  const offsetAt = (instantMs: number) => {
    const quarter = Math.floor(instantMs / QUARTER_HOUR_MS);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const start = zoneOffsetMs(quarter * QUARTER_HOUR_MS, timeZone);
      offset = start === zoneOffsetMs((quarter + 1) * QUARTER_HOUR_MS - 1, timeZone) ? start : null;
      offsets.set(quarter, offset);
    }
    return offset ?? zoneOffsetMs(instantMs, timeZone);
  };
  const dates = new Map<number, string>();
  const suffixes = new Map<number, string>();
  return (value: Date | number): string => {
    const instantMs = typeof value === 'number' ? value : value.getTime();
    if (!Number.isFinite(instantMs)) return '';
    const offsetMs = offsetAt(instantMs);
    // Offsets are whole seconds (zoneOffsetMs reads the wall clock to the second).
    const localSeconds = Math.floor(instantMs / 1000) + offsetMs / 1000;
    const day = Math.floor(localSeconds / DAY_SECONDS);
    let date = dates.get(day);
    if (date === undefined) {
      const stamp = stampAt(day * DAY_SECONDS * 1000, 0);
      dates.set(day, (date = stamp.slice(0, stamp.indexOf(' ') + 1)));
    }
    let suffix = suffixes.get(offsetMs);
    if (suffix === undefined) {
      const stamp = stampAt(0, offsetMs);
      suffixes.set(offsetMs, (suffix = stamp.slice(stamp.lastIndexOf(' '))));
    }
    const second = localSeconds - day * DAY_SECONDS;
    const minute = Math.floor(second / 60);
    return `${date}${TWO_DIGITS[Math.floor(minute / 60)]}:${TWO_DIGITS[minute % 60]}:${TWO_DIGITS[second % 60]}${suffix}`;
  };
};
