import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { dayPasses, daysInRange, inScope, type Scope } from '../../db/rollup-scope.ts';
import { DAY_HOURS, hourSums } from './day-hours.ts';

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export { totals, type Totals } from './overview-totals.repository.ts';

export const dailySeries = async (db: Executor, scope: Scope) =>
  rowsOf<{ day: string; currency: string; energy_wh: number; sessions: string; revenue: string }>(
    await db.execute(sql`
    select s.day::text as day, l.currency, sum(s.energy_wh) as energy_wh, sum(s.sessions) as sessions, sum(s.revenue_minor) as revenue
    from location_daily_stats s join locations l on l.id = s.location_id
    where ${inScope(sql`s.location_id`, scope)} and ${daysInRange(sql`s.day`, scope)}
    group by s.day, l.currency order by s.day`),
  ).map((r) => ({ day: r.day, currency: r.currency, energyWh: num(r.energy_wh), sessions: num(r.sessions), revenue: num(r.revenue) }));

/** Session seconds per local ISO weekday and hour of the range (cells with none are left out). */
export const hourlyUse = async (db: Executor, scope: Scope) =>
  rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    select extract(isodow from u.day)::int as weekday, ${hourSums}
    from location_daily_hours u where ${inScope(sql`u.location_id`, scope)} and ${daysInRange(sql`u.day`, scope)}
    group by 1`),
  ).flatMap((row) =>
    DAY_HOURS.map((hour) => ({ weekday: num(row.weekday), hour, seconds: num(row[`h${hour}`]) })).filter((cell) => cell.seconds > 0),
  );

export const connectorCount = async (db: Executor, scope: Scope): Promise<number> => {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(
      sql`select coalesce(sum(greatest(jsonb_array_length(connector_types), 1)), 0) as n from chargers c where ${inScope(sql`c.location_id`, scope)}`,
    ),
  );
  return num(row?.n);
};

type RankedCharger = { chargerId: string; code: string; name: string; locationId: string; locationName: string; energyWh: number; sessions: number };

const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
/** Per ISO week of the range, 1 for each weekday in the range that passes the Day filter, else 0 (m1 … m7). */
const weekdayMasks = sql.raw(ISO_WEEKDAYS.map((d) => `bool_or(extract(isodow from g::date) = ${d})::int as m${d}`).join(', '));
/** A charger_weekly_stats column summed over the picked weekdays of its week: exact, each day is taken whole or not at all. */
const picked = (column: 'energy_wh' | 'sessions') => sql.raw(ISO_WEEKDAYS.map((d) => `s.${column}_${d} * w.m${d}`).join(' + '));

/**
 * The `limit` chargers in scope that delivered the most energy and the `limit` that delivered the least, those
 * with none included so the bottom of the list is honest. One grouping for both ends, by charger id alone before
 * the names are joined, of the charger × week rollup: about five rows per charger for 30 days (decision 057).
 */
export const rankedChargers = async (db: Executor, scope: Scope, limit: number): Promise<{ top: RankedCharger[]; bottom: RankedCharger[] }> => {
  const rows = rowsOf<{
    side: string;
    id: string;
    code: string;
    name: string;
    location_id: string;
    location_name: string;
    energy_wh: number;
    sessions: string;
  }>(
    await db.execute(sql`
    with weeks as (
      select g::date - (extract(isodow from g::date)::int - 1) as week, ${weekdayMasks}
      from generate_series(${scope.from}::date, ${scope.to}::date, interval '1 day') g where ${dayPasses(sql`g::date`, scope.dayFilter)} group by 1),
    sums as (
      select s.charger_id, sum(${picked('energy_wh')}) as energy_wh, sum(${picked('sessions')}) as sessions
      from charger_weekly_stats s join weeks w on w.week = s.week
      ${
        // Every location in scope: only the chargers joined below are ranked anyway, and at 50,000 chargers the
        // semi-join cost about a fifth of the query.
        scope.locationIds === undefined ? sql`` : sql`where s.charger_id in (select c.id from chargers c where ${inScope(sql`c.location_id`, scope)})`
      }
      group by s.charger_id),
    ranked as (
      select c.id, c.charger_id as code, c.name, c.location_id, l.name as location_name,
        coalesce(t.energy_wh, 0) as energy_wh, coalesce(t.sessions, 0) as sessions
      from chargers c join locations l on l.id = c.location_id left join sums t on t.charger_id = c.id
      where ${inScope(sql`c.location_id`, scope)})
    select * from (
      (select 'top' as side, r.* from ranked r order by r.energy_wh desc, r.name, r.id limit ${limit})
      union all
      (select 'bottom' as side, r.* from ranked r order by r.energy_wh asc, r.name, r.id limit ${limit})) x
    order by x.side, case x.side when 'top' then -x.energy_wh else x.energy_wh end, x.name, x.id`),
  );
  const ranked = (side: string) =>
    rows
      .filter((r) => r.side === side)
      .map((r) => ({
        chargerId: r.id,
        code: r.code,
        name: r.name,
        locationId: r.location_id,
        locationName: r.location_name,
        energyWh: num(r.energy_wh),
        sessions: num(r.sessions),
      }));
  return { top: ranked('top'), bottom: ranked('bottom') };
};

export const connectorTypes = async (db: Executor, scope: Scope) =>
  rowsOf<{ connector_type: string; sessions: string }>(
    await db.execute(sql`
    select connector_type, sum(sessions) as sessions from location_connector_sessions t
    where ${inScope(sql`t.location_id`, scope)} and ${daysInRange(sql`t.day`, scope)}
    group by connector_type order by 2 desc, 1`),
  ).map((r) => ({ connectorType: r.connector_type, sessions: num(r.sessions) }));

export const locationZone = async (db: Executor, locationId: string): Promise<string | null> => {
  const [row] = rowsOf<{ time_zone: string }>(await db.execute(sql`select time_zone from locations where id = ${locationId}`));
  return row?.time_zone ?? null;
};

/** The reseller locations in scope (their money is read from the payouts ledger). */
export const resellerLocations = async (db: Executor, scope: Scope) =>
  rowsOf<{ id: string; name: string; currency: string }>(
    await db.execute(sql`select l.id, l.name, l.currency from locations l where l.has_reseller and ${inScope(sql`l.id`, scope)} order by l.name`),
  ).map((r) => ({ locationId: r.id, name: r.name, currency: r.currency }));
