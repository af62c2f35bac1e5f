import type { DayFilterKey } from '@wattdesk/shared';
import { sql, type SQL } from 'drizzle-orm';

/** Which locations a figure covers (undefined: every location) and which of their local days. */
export type Scope = { locationIds: readonly string[] | undefined; from: string; to: string; dayFilter: DayFilterKey; now: Date };

/** `column` (a location id) is in scope; every location when the list is undefined. */
export const inScope = (column: SQL, scope: Pick<Scope, 'locationIds'>): SQL =>
  scope.locationIds === undefined
    ? sql`true`
    : scope.locationIds.length
      ? sql`${column} = any(${`{${scope.locationIds.join(',')}}`}::uuid[])`
      : sql`false`;

/**
 * A local day (a date expression) passes the top bar's Day filter: ISO weekdays 1–5, or 6 and 7. Counted in whole
 * days from a Monday (1 January of year 1) in integers: `extract(isodow …)` is a numeric, and on a network's rollup
 * rows (about 240,000 location days) it cost PostgreSQL 50 ms a read (decision 057).
 */
export const dayPasses = (day: SQL, dayFilter: DayFilterKey): SQL =>
  dayFilter === 'weekdays'
    ? sql`(${day} - date '0001-01-01') % 7 < 5`
    : dayFilter === 'weekends'
      ? sql`(${day} - date '0001-01-01') % 7 >= 5`
      : sql`true`;

/** A rollup's `day` column within the range and the filter. */
export const daysInRange = (day: SQL, scope: Scope): SQL =>
  sql`${day} between ${scope.from}::date and ${scope.to}::date and ${dayPasses(day, scope.dayFilter)}`;

/** A calendar day (YYYY-MM-DD) `days` days later (earlier when negative). */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

/** How many calendar days the range holds, both ends included. */
export const rangeDays = (scope: Pick<Scope, 'from' | 'to'>) => Math.round((Date.parse(scope.to) - Date.parse(scope.from)) / 86_400_000) + 1;

/** The same number of days just before the range. */
export const previousOf = (scope: Scope): Scope => ({ ...scope, from: shiftDay(scope.from, -rangeDays(scope)), to: shiftDay(scope.from, -1) });

/**
 * Each location in scope with its runs of consecutive local days of the range that pass the Day filter, as
 * instants [lo, hi): a span is one index range over sessions or one subtraction of connected time, where a
 * local day per row would cost a time-zone conversion per row. The bounds are converted once per time zone.
 */
export const localRuns = (scope: Scope): SQL => sql`
  select l.id as location_id, r.lo, r.hi from locations l join (
    select z.time_zone, (s.first)::timestamp at time zone z.time_zone as lo, (s.last + 1)::timestamp at time zone z.time_zone as hi
    from (select distinct l.time_zone from locations l where ${inScope(sql`l.id`, scope)}) z
    cross join (select min(d) as first, max(d) as last from (
        select g::date as d, g::date - (row_number() over (order by g))::int as grp
        from generate_series(${scope.from}::date, ${scope.to}::date, interval '1 day') g where ${dayPasses(sql`g::date`, scope.dayFilter)}) x
      group by grp) s
    -- Kept apart (offset 0), so the bounds are converted once per zone and run, not once per location after the join.
    offset 0) r on r.time_zone = l.time_zone
  where ${inScope(sql`l.id`, scope)}`;
