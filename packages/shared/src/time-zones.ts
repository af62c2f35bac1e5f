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

/**
 * `2026-11-03 09:00:00 -08:00`: the zone's wall clock with its UTC offset, for CSV exports. A spreadsheet
 * sorts it as text, a person reads the location's own clock, and the offset keeps it unambiguous.
 */
export const formatZonedTimestamp = (value: string | Date, timeZone = 'UTC'): string => {
  const instantMs = typeof value === 'string' ? Date.parse(value) : value.getTime();
  if (Number.isNaN(instantMs)) return '';
  const clock = wallClock(instantMs, timeZone);
  const offsetMinutes = Math.round(zoneOffsetMs(instantMs, timeZone) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${two(Math.floor(Math.abs(offsetMinutes) / 60))}:${two(Math.abs(offsetMinutes) % 60)}`;
  return `${clock.year}-${two(clock.month)}-${two(clock.day)} ${two(clock.hour)}:${two(clock.minute)}:${two(clock.second)} ${offset}`;
};
