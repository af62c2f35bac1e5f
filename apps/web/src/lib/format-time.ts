/**
 * Every timestamp on screen is shown in the time zone of the location it belongs to, with the zone's
 * label ("Nov 3, 2026, 09:00 PST"), so an operator in another zone reads the location's own clock.
 * Without a location (an account event, a system event) it is the browser's zone, labelled all the same.
 */
type Style = 'dateTime' | 'dateTimeSeconds' | 'date' | 'time' | 'timeSeconds';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
  dateTimeSeconds: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
  },
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
  timeSeconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23', timeZoneName: 'short' },
};

// A grid formats hundreds of cells per render: one formatter per zone and style.
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatterFor = (style: Style, timeZone: string | undefined): Intl.DateTimeFormat => {
  const key = `${style}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...OPTIONS[style], ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
};

const format = (style: Style, iso: string | null | undefined, timeZone: string | null | undefined): string => {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : formatterFor(style, timeZone ?? undefined).format(date);
};

/** "Nov 3, 2026, 09:00 PST"; `seconds` for logs, where events a second apart must read apart. */
export const formatDateTime = (iso: string | null | undefined, timeZone?: string | null, { seconds = false } = {}): string =>
  format(seconds ? 'dateTimeSeconds' : 'dateTime', iso, timeZone);

/** "Nov 3, 2026": the location's calendar day. */
export const formatDate = (iso: string | null | undefined, timeZone?: string | null): string => format('date', iso, timeZone);

/** "09:00 PST" (or "09:00:05 PST"). */
export const formatTime = (iso: string | null | undefined, timeZone?: string | null, { seconds = false } = {}): string =>
  format(seconds ? 'timeSeconds' : 'time', iso, timeZone);

/** The zone a column's times are in, for its header: "America/Los_Angeles", or "your time zone". */
export const timeZoneCaption = (timeZone: string | null | undefined): string => timeZone ?? 'your time zone';

/** The zone's distance from UTC at an instant (chart ticks align to the location's clock). */
export { zoneOffsetMs } from '@wattdesk/shared/time-zones';
