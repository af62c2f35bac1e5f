import { DAY_MS, HOUR_MS, MINUTE_MS, offsetMinutes, type BookingRepeat } from '@wattdesk/shared';

export type Window = { startsAt: Date; endsAt: Date };

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const weekdayOf = (day: number) => (((day + 4) % 7) + 7) % 7;

/**
 * The instant a zone's clock shows `hour`:00 on local day `day`. Around a DST change the wall time is tried
 * with the offsets on either side: lived twice (autumn) gives the first instant, skipped (spring) the moment
 * the clock jumps to, so 2 AM on a spring-forward night books from 3 AM, one real hour later than usual.
 */
export const localHourToInstant = (timeZone: string, day: number, hour: number): number => {
  const wall = day * DAY_MS + hour * HOUR_MS;
  const candidates = [offsetMinutes(timeZone, wall - DAY_MS), offsetMinutes(timeZone, wall + DAY_MS)].map((offset) => wall - offset * MINUTE_MS);
  const exact = candidates.filter((at) => at + offsetMinutes(timeZone, at) * MINUTE_MS === wall);
  return exact.length ? Math.min(...exact) : Math.max(...candidates);
};

/** The first instant of a local date (YYYY-MM-DD) in the zone. */
export const localMidnight = (timeZone: string, date: string): Date => new Date(localHourToInstant(timeZone, dayNumber(date), 0));

const repeatsOn = (repeat: BookingRepeat, weekday: number) =>
  repeat === 'all-days' || repeat === 'none' || (repeat === 'weekdays' ? weekday >= 1 && weekday <= 5 : weekday === 0 || weekday === 6);

/**
 * Each window a booking covers: from `hour` on each chosen local day for `durationHours` real hours
 * (a 2-hour booking is two hours of charging on a DST night too).
 */
export const bookingWindows = (
  timeZone: string,
  spec: { startDate: string; startHour: number; durationHours: number; repeat: BookingRepeat; repeatUntil: string | null },
): Window[] => {
  const first = dayNumber(spec.startDate);
  const last = spec.repeat === 'none' || !spec.repeatUntil ? first : dayNumber(spec.repeatUntil);
  const windows: Window[] = [];
  for (let day = first; day <= last; day += 1) {
    if (!repeatsOn(spec.repeat, weekdayOf(day))) continue;
    const start = localHourToInstant(timeZone, day, spec.startHour);
    windows.push({ startsAt: new Date(start), endsAt: new Date(start + spec.durationHours * HOUR_MS) });
  }
  return windows;
};

/** The local date (YYYY-MM-DD) and hour an instant falls on in the zone. */
export const localDateAndHour = (timeZone: string, at: Date): { date: string; hour: number } => {
  const local = at.getTime() + offsetMinutes(timeZone, at.getTime()) * MINUTE_MS;
  return { date: new Date(local).toISOString().slice(0, 10), hour: new Date(local).getUTCHours() };
};
