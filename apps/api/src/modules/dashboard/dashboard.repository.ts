import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { dayPasses, daysInRange, inScope, rangeDays, shiftDay, type Scope } from '../../db/rollup-scope.ts';
import { DAY_HOURS, hourSums } from './day-hours.ts';

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export { fleetTime, totals, type DayRow, type FleetTime, type Totals } from './overview-totals.repository.ts';

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

const ISO_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
/** Per ISO week of the range, 1 for each weekday in the range that passes the Day filter, else 0 (m1 … m7). */
const weekdayMasks = sql.raw(ISO_WEEKDAYS.map((d) => `bool_or(extract(isodow from g::date) = ${d})::int as m${d}`).join(', '));
/** A charger_weekly_stats column summed over the picked weekdays of its week: exact, each day is taken whole or not at all. */
const picked = (column: 'energy_wh' | 'sessions') => sql.raw(ISO_WEEKDAYS.map((d) => `s.${column}_${d} * w.m${d}`).join(' + '));
/** The same, of ISO weekdays 1–5 only. */
const pickedWeekdays = (column: 'energy_wh' | 'sessions') =>
  sql.raw(
    ISO_WEEKDAYS.slice(0, 5)
      .map((d) => `s.${column}_${d} * w.m${d}`)
      .join(' + '),
  );

type RankRow = {
  side: string;
  id: string;
  code: string;
  name: string;
  location_id: string;
  location_name: string;
  energy_wh: number;
  sessions: string;
};

const rankedSides = (rows: RankRow[]) => {
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

/** Per ISO week of `from`–`to`, the weekdays in it that pass `dayFilter`, as masks m1 … m7 (see `picked`). */
const weeksOf = (from: string, to: string, dayFilter: Scope['dayFilter']) => sql`
  select g::date - (extract(isodow from g::date)::int - 1) as week, ${weekdayMasks}
  from generate_series(${from}::date, ${to}::date, interval '1 day') g where ${dayPasses(sql`g::date`, dayFilter)} group by 1`;

/**
 * The `limit` chargers in scope that delivered the most energy and the `limit` that delivered the least, those
 * with none included so the bottom of the list is honest. One grouping for both ends, by charger id alone before
 * the names are joined, of the charger × week rollup: about five rows per charger for 30 days (decision 057).
 */
const rankedFromWeeks = async (db: Executor, scope: Scope, limit: number) =>
  rankedSides(
    rowsOf<RankRow>(
      await db.execute(sql`
    with weeks as (${weeksOf(scope.from, scope.to, scope.dayFilter)}),
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
    ),
  );

/** The longest range kept as a row per charger. */
const KEPT_RANGE_MAX_DAYS = 62;

/**
 * A range of the whole network ending within a day or two of today (today's date differs by zone): what hosts open
 * the dashboard on, so it is kept as a row per charger (charger_windows) rather than grouped from week rows each time.
 */
export const keepsRange = (scope: Scope) => {
  const today = scope.now.toISOString().slice(0, 10);
  return (
    scope.locationIds === undefined && rangeDays(scope) <= KEPT_RANGE_MAX_DAYS && scope.to >= shiftDay(today, -2) && scope.to <= shiftDay(today, 1)
  );
};

/**
 * Keeps the range's per-charger totals, built once from the week rollup. Locks, in the order a completing session
 * takes them (its trigger writes the week rollup, then the kept ranges): a session completing meanwhile waits and then
 * adds itself to the kept rows, and one completed before is in what the build reads; a charger added meanwhile waits
 * and then joins the range (dashboard/sql/kept-rankings.sql); a second build waits and finds the range kept. Ranges whose end is past
 * are dropped.
 */
export const keepRange = async (db: Database, scope: Scope) => {
  const kept = rowsOf(await db.execute(sql`select 1 from charger_windows where window_end = ${scope.to}::date and days = ${rangeDays(scope)}`));
  if (kept.length) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table charger_weekly_stats in share mode`);
    await tx.execute(sql`lock table charger_window_stats in share row exclusive mode`);
    const made = rowsOf(
      await tx.execute(
        sql`insert into charger_windows (window_end, days) values (${scope.to}::date, ${rangeDays(scope)}) on conflict do nothing returning 1`,
      ),
    );
    if (!made.length) return;
    await tx.execute(sql`delete from charger_windows where window_end < ${shiftDay(scope.now.toISOString().slice(0, 10), -2)}::date`);
    // Every charger gets its row, zeros included, so the bottom of the ranking is an index range too.
    await tx.execute(sql`
      insert into charger_window_stats (window_end, days, charger_id, name, energy_wh, sessions, weekday_energy_wh, weekday_sessions)
      with weeks as (${weeksOf(scope.from, scope.to, 'all-days')}),
      sums as (
        select s.charger_id, sum(${picked('energy_wh')}) as energy_wh, sum(${picked('sessions')}) as sessions,
          sum(${pickedWeekdays('energy_wh')}) as weekday_energy_wh, sum(${pickedWeekdays('sessions')}) as weekday_sessions
        from charger_weekly_stats s join weeks w on w.week = s.week group by s.charger_id)
      select ${scope.to}::date, ${rangeDays(scope)}, c.id, c.name, coalesce(t.energy_wh, 0), coalesce(t.sessions, 0),
        coalesce(t.weekday_energy_wh, 0), coalesce(t.weekday_sessions, 0)
      from chargers c left join sums t on t.charger_id = c.id`);
  });
};

/** The kept range's figure for the Day filter: weekends are all days less weekdays. */
const keptColumn = (column: 'energy_wh' | 'sessions', dayFilter: Scope['dayFilter']) =>
  dayFilter === 'all-days'
    ? sql.raw(`w.${column}`)
    : dayFilter === 'weekdays'
      ? sql.raw(`w.weekday_${column}`)
      : sql.raw(`w.${column} - w.weekday_${column}`);

/**
 * The ranking from a kept range, where every charger has a row. Each end is cut at its `limit`-th figure: the rows
 * beyond the cut are an index range (fewer than `limit`), and so are the rows at the cut in name order (the kept
 * rows carry the charger's name, migration 0037), at most `limit` of them. Many chargers share the cut's figure where
 * they delivered nothing (a new network, the idle chargers at the bottom): joined to their names and sorted, they cost
 * 10 ms at 5,000 chargers, a wait for every driver at a charger on PGlite (decision 069).
 */
const rankedFromKeptRange = async (db: Executor, scope: Scope, limit: number) =>
  rankedSides(
    rowsOf<RankRow>(
      await db.execute(sql`
    with totals as not materialized (
      select w.charger_id, w.name, ${keptColumn('energy_wh', scope.dayFilter)} as energy_wh, ${keptColumn('sessions', scope.dayFilter)} as sessions
      from charger_window_stats w where w.window_end = ${scope.to}::date and w.days = ${rangeDays(scope)}),
    cuts as materialized (
      select (select u.energy_wh from totals u order by u.energy_wh desc offset ${limit - 1} limit 1) as top,
        (select u.energy_wh from totals u order by u.energy_wh asc offset ${limit - 1} limit 1) as bottom),
    ends as (
      (select 'top' as side, t.charger_id, t.energy_wh, t.sessions from totals t
        where t.energy_wh > coalesce((select top from cuts), '-infinity') order by t.energy_wh desc limit ${limit})
      union all
      (select 'top', t.charger_id, t.energy_wh, t.sessions from totals t
        where t.energy_wh = (select top from cuts) order by t.name, t.charger_id limit ${limit})
      union all
      (select 'bottom', t.charger_id, t.energy_wh, t.sessions from totals t
        where t.energy_wh < coalesce((select bottom from cuts), 'infinity') order by t.energy_wh asc limit ${limit})
      union all
      (select 'bottom', t.charger_id, t.energy_wh, t.sessions from totals t
        where t.energy_wh = (select bottom from cuts) order by t.name, t.charger_id limit ${limit})),
    ranked as (
      select e.side, c.id, c.charger_id as code, c.name, c.location_id, l.name as location_name, e.energy_wh, e.sessions
      from ends e join chargers c on c.id = e.charger_id join locations l on l.id = c.location_id)
    select * from (
      (select r.* from ranked r where r.side = 'top' order by r.energy_wh desc, r.name, r.id limit ${limit})
      union all
      (select r.* from ranked r where r.side = 'bottom' order by r.energy_wh asc, r.name, r.id limit ${limit})) x
    order by x.side, case x.side when 'top' then -x.energy_wh else x.energy_wh end, x.name, x.id`),
    ),
  );

/** Top and bottom chargers: from a kept range when the caller kept it (`keepRange`), else grouped from week rows. */
export const rankedChargers = async (db: Executor, scope: Scope, limit: number, { kept = false }: { kept?: boolean } = {}) =>
  kept ? rankedFromKeptRange(db, scope, limit) : rankedFromWeeks(db, scope, limit);

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
