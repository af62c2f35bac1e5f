import { formatDayHeading } from '@wattdesk/shared/format';
import { zoneOffsetMs } from '@wattdesk/shared/time-zones';

const DAY_MS = 86_400_000;

/** YYYY-MM-DD of the zone's calendar day at an instant. */
export const localDateOf = (at: number | string, timeZone: string): string => {
  const ms = typeof at === 'string' ? Date.parse(at) : at;
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 10);
};

export const addDays = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The Monday of the week a date falls in. */
export const mondayOf = (date: string): string => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));

export const weekDates = (monday: string): string[] => Array.from({ length: 7 }, (_, index) => addDays(monday, index));

/** "Mon, Nov 23": a column heading. */
export const dayLabel = (date: string): string => formatDayHeading(date);
