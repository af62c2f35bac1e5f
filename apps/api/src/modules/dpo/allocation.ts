/**
 * Sharing a location's available power among its running sessions: a pure function, no I/O, so it is cheap
 * to run on every start, stop, limit change and reconnect, and easy to test.
 *
 * 1. Every session gets the minimum (an EV stops charging below about 6 A). When the limit cannot give every
 *    session its minimum, sessions are served in priority order, then by who started first; the rest get 0
 *    and wait (the charger suspends them) rather than all going below the minimum.
 * 2. What is left is filled equally ("water filling"): a session never gets more than its charger can draw,
 *    and what one cannot use goes to the others. High-priority sessions are filled up to their maximum
 *    before normal ones get more than the minimum.
 * Shares are whole watts, rounded down, so the sum never exceeds the limit.
 */
import { zoneOffsetMs } from '@wattdesk/shared';

export type AllocationSession = {
  key: string;
  /** Higher first; ties by startedAt. */
  priority: number;
  startedAt: number;
  /** What the charger can draw at most (its rating), in W. */
  maxW: number;
};

export type LimitPeriodW = { startHour: number; endHour: number; limitW: number };

export const allocatePower = (limitW: number, minPerSessionW: number, sessions: readonly AllocationSession[]): Map<string, number> => {
  const shares = new Map<string, number>();
  const ordered = [...sessions].sort((a, b) => b.priority - a.priority || a.startedAt - b.startedAt || a.key.localeCompare(b.key));
  let budget = Math.max(0, Math.floor(limitW));
  const admitted: AllocationSession[] = [];
  for (const session of ordered) {
    const minimum = Math.min(minPerSessionW, session.maxW);
    if (budget >= minimum) {
      shares.set(session.key, minimum);
      budget -= minimum;
      admitted.push(session);
    } else shares.set(session.key, 0);
  }
  const priorities = [...new Set(admitted.map((session) => session.priority))];
  for (const priority of priorities) {
    budget = waterFill(
      admitted.filter((session) => session.priority === priority),
      shares,
      budget,
    );
    if (budget <= 0) break;
  }
  return shares;
};

/** Raises the group's shares equally, each up to its maximum; answers the budget left over. */
const waterFill = (group: readonly AllocationSession[], shares: Map<string, number>, budget: number): number => {
  let open = group.filter((session) => (shares.get(session.key) ?? 0) < session.maxW);
  while (budget > 0 && open.length) {
    const step = Math.floor(budget / open.length);
    if (step === 0) break;
    for (const session of open) {
      const current = shares.get(session.key) ?? 0;
      const raised = Math.min(session.maxW, current + step);
      shares.set(session.key, raised);
      budget -= raised - current;
    }
    open = open.filter((session) => (shares.get(session.key) ?? 0) < session.maxW);
  }
  return budget;
};

const hourIn = (hour: number, period: { startHour: number; endHour: number }) =>
  period.startHour < period.endHour ? hour >= period.startHour && hour < period.endHour : hour >= period.startHour || hour < period.endHour;

/** The hour of the day (0–23) at this moment in the location's time zone. */
export const localHour = (at: Date, timeZone: string): number => new Date(at.getTime() + zoneOffsetMs(at.getTime(), timeZone)).getUTCHours();

/** The limit in force: the first period containing the local hour (time-of-day mode), else the fixed limit; never above the grid. */
export const limitAt = (
  settings: { limitMode: 'fixed' | 'time-of-day'; limitW: number; periods: readonly LimitPeriodW[] },
  gridW: number | null,
  hour: number,
): number => {
  const period = settings.limitMode === 'time-of-day' ? settings.periods.find((candidate) => hourIn(hour, candidate)) : undefined;
  const limit = period ? period.limitW : settings.limitW;
  return gridW === null ? limit : Math.min(limit, gridW);
};

/** The grid connection in watts: kW as given, or amps per phase × phases × voltage (line to neutral). */
export const gridCapacityW = (grid: {
  supplyUnit: 'kW' | 'A' | null;
  supplyCapacity: number | null;
  phases: number | null;
  voltage: number | null;
}) => {
  if (!grid.supplyUnit || grid.supplyCapacity === null) return null;
  if (grid.supplyUnit === 'kW') return grid.supplyCapacity;
  return Math.floor((grid.supplyCapacity / 10) * (grid.phases ?? 1) * (grid.voltage ?? 230));
};
