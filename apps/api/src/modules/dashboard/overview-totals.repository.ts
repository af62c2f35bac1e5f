import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { dayPasses, daysInRange, inScope, localRuns, type Scope } from '../../db/rollup-scope.ts';

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export type Totals = {
  sessions: number;
  energyWh: number;
  sessionSeconds: number;
  idleSeconds: number;
  violations: number;
  onlineSeconds: number;
  usedSeconds: number;
  uniqueDrivers: number;
  revenue: { currency: string; amount: number }[];
};

/**
 * Connected time still open: each connected charger's time since its last change (one row per connected
 * charger, migration 0030) that falls in its location's runs of days. Per run, an index range of its location's
 * connected chargers that connected before the run ended (the rows carry the location, migration 0037): joined to
 * the chargers for their location, 5,000 connected chargers cost 7 ms on PGlite, twice what the ranges cost, and
 * a driver at a charger waited that long (decision 069). A charger connected after the period's last run has none
 * in it, so the previous period's read leaves out every charger that reconnected since.
 */
const openOnline = (scope: Scope) => sql`
  with runs as materialized (${localRuns(scope)})
  select coalesce(sum(x.seconds), 0) as open_online from runs r cross join lateral (
    select sum(round(extract(epoch from least(r.hi, ${scope.now}::timestamptz) - greatest(r.lo, o.since)))) as seconds
    from charger_connected_since o
    where o.location_id = r.location_id and o.since < least(r.hi, ${scope.now}::timestamptz)) x
  -- A run that starts after now (a range ending in the future) has no connected time yet.
  where r.lo < ${scope.now}::timestamptz`;

/**
 * Drivers who completed a session in the period at the locations in scope, driver account first, else the id tag:
 * each location's runs of days are index ranges of the covering index of migration 0030. A
 * lateral read per run, kept apart by `offset 0`: as a join, PGlite's planner scanned the whole index (a million
 * entries at full scale, 415 ms) to hash-join it with the runs, not the 2,000 ranges (230 ms).
 */
const uniqueDriversAt = (scope: Scope) => sql`
  with runs as materialized (${localRuns(scope)})
  select count(*) as unique_drivers from (
    select distinct d.driver from runs r cross join lateral (
      select coalesce(cs.driver_id::text, cs.id_tag) as driver from charging_sessions cs
      where cs.location_id = r.location_id and cs.started_at >= r.lo and cs.started_at < r.hi and cs.status = 'completed' offset 0) d) x`;

/**
 * Every location in scope: the drivers with a completed session on a day of the range that passes the filter, from
 * a row per driver and month (migration 0036; `days` has bit k − 1 set for a session on day k)
 * instead of every session of the range. Exact: each day is counted whole or not at all, as the sessions' local start
 * dates are.
 */
const uniqueDriversOfNetwork = (scope: Scope) => sql`
  with months as (
    select date_trunc('month', g)::date as month, bit_or(1 << (extract(day from g)::int - 1)) as mask
    from generate_series(${scope.from}::date, ${scope.to}::date, interval '1 day') g where ${dayPasses(sql`g::date`, scope.dayFilter)} group by 1)
  select count(distinct t.driver) as unique_drivers from driver_month_days t join months m on m.month = t.month
  where t.days & m.mask <> 0`;

const uniqueDrivers = (scope: Scope) => (scope.locationIds === undefined ? uniqueDriversOfNetwork(scope) : uniqueDriversAt(scope));

/** The period's rollup sums per local day and currency (revenue is per currency; the rest is summed over them). */
const dayRows = (scope: Scope) => sql`
  select s.day::text as day, l.currency, sum(s.sessions) as sessions, sum(s.energy_wh) as energy_wh, sum(s.session_seconds) as session_seconds,
    sum(s.idle_seconds) as idle_seconds, sum(s.violations) as violations, sum(s.online_seconds) as closed_online, sum(s.revenue_minor) as revenue
  from location_daily_stats s join locations l on l.id = s.location_id
  where ${inScope(sql`s.location_id`, scope)} and ${daysInRange(sql`s.day`, scope)}
  group by s.day, l.currency order by s.day`;

/** Session time in the period, from the heat map's day rows. */
const usedTime = (scope: Scope) => sql`
  select coalesce(sum(u.total), 0) as used_seconds from location_daily_hours u
  where ${inScope(sql`u.location_id`, scope)} and ${daysInRange(sql`u.day`, scope)}`;

/** A period's charger and connector time: the chargers in scope now, over the period's local days up to now. */
export type FleetTime = { chargerSeconds: number; connectorSeconds: number };

/**
 * Charger and connector time of the range and of the previous period, and the connectors in scope now, from one
 * grouping of the chargers per location (three before). Each location's runs of days (converted once per time zone)
 * clipped at now, where a row per location and day cost two time-zone conversions each.
 */
export const fleetTime = async (
  db: Executor,
  scope: Scope,
  previous: Scope,
): Promise<{ current: FleetTime; previous: FleetTime; connectors: number }> => {
  const elapsed = (period: Scope) => sql`
    select r.location_id, sum(greatest(0, extract(epoch from least(${period.now}::timestamptz, r.hi) - r.lo))) as seconds
    from (${localRuns(period)}) r group by r.location_id`;
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
    with fleet as (
      select c.location_id, count(*) as chargers, sum(greatest(jsonb_array_length(c.connector_types), 1)) as connectors
      from chargers c where ${inScope(sql`c.location_id`, scope)} group by c.location_id),
    cur as (${elapsed(scope)}),
    prev as (${elapsed(previous)})
    select c.*, p.*, (select coalesce(sum(f.connectors), 0) from fleet f) as connectors
    from (select coalesce(sum(e.seconds * f.chargers), 0) as cur_chargers, coalesce(sum(e.seconds * f.connectors), 0) as cur_connectors
          from fleet f join cur e on e.location_id = f.location_id) c,
      (select coalesce(sum(e.seconds * f.chargers), 0) as prev_chargers, coalesce(sum(e.seconds * f.connectors), 0) as prev_connectors
          from fleet f join prev e on e.location_id = f.location_id) p`),
  );
  return {
    current: { chargerSeconds: num(row?.cur_chargers), connectorSeconds: num(row?.cur_connectors) },
    previous: { chargerSeconds: num(row?.prev_chargers), connectorSeconds: num(row?.prev_connectors) },
    connectors: num(row?.connectors),
  };
};

export type DayRow = {
  day: string;
  currency: string;
  sessions: number;
  energyWh: number;
  sessionSeconds: number;
  idleSeconds: number;
  violations: number;
  closedOnline: number;
  revenue: number;
};

/**
 * The period's figures: its rollup rows per day and currency (one read: the daily series, the sums and the revenue
 * per currency all come from them), the open connected time and the unique drivers, side by side.
 * `usedSeconds: false` leaves the used time out (0) for a caller that sums the heat map's rows anyway.
 */
export const totals = async (
  db: Executor,
  scope: Scope,
  { usedSeconds = true }: { usedSeconds?: boolean } = {},
): Promise<Totals & { days: DayRow[] }> => {
  const [byDay, open, drivers, used] = await Promise.all([
    db.execute(dayRows(scope)),
    db.execute(openOnline(scope)),
    db.execute(uniqueDrivers(scope)),
    usedSeconds ? db.execute(usedTime(scope)) : null,
  ]);
  const days = rowsOf<Record<string, unknown>>(byDay).map((r) => ({
    day: String(r.day),
    currency: String(r.currency),
    sessions: num(r.sessions),
    energyWh: num(r.energy_wh),
    sessionSeconds: num(r.session_seconds),
    idleSeconds: num(r.idle_seconds),
    violations: num(r.violations),
    closedOnline: num(r.closed_online),
    revenue: num(r.revenue),
  }));
  const sum = (pick: (row: DayRow) => number) => days.reduce((total, row) => total + pick(row), 0);
  const revenue = new Map<string, number>();
  for (const row of days) revenue.set(row.currency, (revenue.get(row.currency) ?? 0) + row.revenue);
  const [connected] = rowsOf<Record<string, unknown>>(open);
  const [distinct] = rowsOf<Record<string, unknown>>(drivers);
  const [usedRow] = used ? rowsOf<Record<string, unknown>>(used) : [];
  return {
    days,
    sessions: sum((r) => r.sessions),
    energyWh: sum((r) => r.energyWh),
    sessionSeconds: sum((r) => r.sessionSeconds),
    idleSeconds: sum((r) => r.idleSeconds),
    violations: sum((r) => r.violations),
    onlineSeconds: sum((r) => r.closedOnline) + num(connected?.open_online),
    usedSeconds: num(usedRow?.used_seconds),
    uniqueDrivers: num(distinct?.unique_drivers),
    revenue: [...revenue].map(([currency, amount]) => ({ currency, amount })).sort((x, y) => y.amount - x.amount),
  };
};
