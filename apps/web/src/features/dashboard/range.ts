import { calendarDayIn } from '@wattdesk/shared/format';
/** The range choices, in the order the bar shows them; their words are in the catalogue (range-bar.tsx). */
export const RANGE_PRESETS = ['today', '7d', '30d', '90d', 'month', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];
export type DayRange = { from: string; to: string };

/** Today's date (YYYY-MM-DD) in a time zone; the browser's when none is given (every location). */
export const todayIn = (timeZone: string | undefined, now = new Date()): string => calendarDayIn(timeZone, now);

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The days a preset covers, ending today (both ends included). */
export const presetRange = (preset: Exclude<RangePreset, 'custom'>, today: string): DayRange => {
  if (preset === 'today') return { from: today, to: today };
  if (preset === '7d') return { from: shift(today, -6), to: today };
  if (preset === '90d') return { from: shift(today, -89), to: today };
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: shift(today, -29), to: today };
};

/** The change against the previous period, as a signed percentage; null when there is nothing to compare. */
export const changeOf = (current: number, previous: number | null): number | null =>
  previous === null || previous === 0 ? null : ((current - previous) / previous) * 100;
