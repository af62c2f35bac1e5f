import { DAY_FILTERS, HOUR_OPTIONS, type DayFilterKey } from '../constants.ts';
import type { HourWindow, RatePeriod } from './types.ts';

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const DAYS_OF: Record<DayFilterKey, readonly number[]> = {
  'all-days': [0, 1, 2, 3, 4, 5, 6],
  weekdays: [1, 2, 3, 4, 5],
  weekends: [0, 6],
};

export const daysOf = (filter: DayFilterKey): readonly number[] => DAYS_OF[filter];

/** The hours a window covers, in order: [start, end), wrapping past midnight; start = end is all 24. */
export const hoursOf = ({ startHour, endHour }: HourWindow): number[] => {
  const length = endHour > startHour ? endHour - startHour : 24 - startHour + endHour;
  return Array.from({ length }, (_, n) => (startHour + n) % 24);
};

export const coversHour = (window: HourWindow, hour: number): boolean =>
  window.startHour === window.endHour ||
  (window.startHour < window.endHour ? hour >= window.startHour && hour < window.endHour : hour >= window.startHour || hour < window.endHour);

export const hourLabel = (hour: number): string => HOUR_OPTIONS[hour % 24]!.label;

export const dayFilterLabel = (filter: DayFilterKey): string => DAY_FILTERS.find((d) => d.key === filter)!.label;

export const windowLabel = (window: HourWindow): string =>
  window.startHour === window.endHour ? 'all day' : `${hourLabel(window.startHour)}–${hourLabel(window.endHour)}`;

const labels = new Map<string, string>();

/** "Weekdays 5 PM–9 PM" (168 possible, so each is built once). */
export const periodLabel = (period: Pick<RatePeriod, 'days' | 'startHour' | 'endHour'>): string => {
  const key = `${period.days}:${period.startHour}:${period.endHour}`;
  let label = labels.get(key);
  if (label === undefined) {
    label = `${dayFilterLabel(period.days)} ${windowLabel(period)}`;
    labels.set(key, label);
  }
  return label;
};

/** 7 × 24 cells (weekday × 24 + hour), each the index of the period that covers it, or -1. */
export type PeriodGrid = Int16Array;

const grids = new WeakMap<readonly RatePeriod[], PeriodGrid>();

/** The grid of valid periods, built once per periods array (the first period wins where they overlap). */
export const periodGrid = (periods: readonly RatePeriod[]): PeriodGrid => {
  let grid = grids.get(periods);
  if (grid) return grid;
  grid = new Int16Array(7 * 24).fill(-1);
  periods.forEach((period, index) => {
    for (const weekday of daysOf(period.days))
      for (const hour of hoursOf(period)) if (grid[weekday * 24 + hour] === -1) grid[weekday * 24 + hour] = index;
  });
  grids.set(periods, grid);
  return grid;
};

type Cover = { weekday: number; hour: number; periods: number[] };

/**
 * What is wrong with a set of periods, as facts a screen words in its reader's language (issue 44): no period at all,
 * two periods (indexes) overlapping at a weekday's hour, or a weekday's hours [fromHour, untilHour) no period covers
 * (untilHour 24 is midnight after). At most 8, the first found.
 */
export type PeriodIssue =
  | { kind: 'none' }
  | { kind: 'overlap'; first: number; second: number; weekday: number; hour: number }
  | { kind: 'gap'; weekday: number; fromHour: number; untilHour: number };

export const periodIssues = (periods: readonly Pick<RatePeriod, 'days' | 'startHour' | 'endHour'>[]): PeriodIssue[] => {
  if (!periods.length) return [{ kind: 'none' }];
  const cells: Cover[] = Array.from({ length: 7 * 24 }, (_, cell) => ({ weekday: Math.floor(cell / 24), hour: cell % 24, periods: [] }));
  periods.forEach((period, index) => {
    for (const weekday of daysOf(period.days)) for (const hour of hoursOf(period)) cells[weekday * 24 + hour]!.periods.push(index);
  });
  const issues: PeriodIssue[] = [];
  const reportedPairs = new Set<string>();
  for (const cell of cells) {
    if (cell.periods.length < 2) continue;
    const [a, b] = cell.periods as [number, number];
    if (reportedPairs.has(`${a}:${b}`)) continue;
    reportedPairs.add(`${a}:${b}`);
    issues.push({ kind: 'overlap', first: a, second: b, weekday: cell.weekday, hour: cell.hour });
  }
  for (let weekday = 0; weekday < 7; weekday += 1) {
    const missing = cells.filter((cell) => cell.weekday === weekday && cell.periods.length === 0).map((cell) => cell.hour);
    if (!missing.length) continue;
    const first = missing[0]!;
    let last = first;
    while (missing.includes(last + 1)) last += 1;
    issues.push({ kind: 'gap', weekday, fromHour: first, untilHour: last + 1 });
  }
  return issues.slice(0, 8);
};

/**
 * What is wrong with a set of periods, as sentences a host understands: every hour of the week must be
 * covered by exactly one period. Empty when the periods are fine.
 */
export const periodProblems = (periods: readonly Pick<RatePeriod, 'days' | 'startHour' | 'endHour'>[]): string[] =>
  periodIssues(periods).map((issue) => {
    if (issue.kind === 'none') return 'Add at least one rate period';
    if (issue.kind === 'overlap')
      return `Periods ${periodLabel(periods[issue.first]!)} and ${periodLabel(periods[issue.second]!)} overlap on ${WEEKDAY_NAMES[issue.weekday]} at ${hourLabel(issue.hour)}`;
    return `No period covers ${WEEKDAY_NAMES[issue.weekday]} ${hourLabel(issue.fromHour)}–${hourLabel(issue.untilHour)}`;
  });
