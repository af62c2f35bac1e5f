import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { dayPasses, daysInRange, inScope, type Scope } from '../../db/rollup-scope.ts';

const num = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

export type Totals = {
  sessions: number;
  energyWh: number;
  sessionSeconds: number;
  idleSeconds: number;
  violations: number;
  onlineSeconds: number;
  usedSeconds: number;
  chargerSeconds: number;
  connectorSeconds: number;
  uniqueDrivers: number;
  revenue: { currency: string; amount: number }[];
};

/** The period's sums from the rollups, plus the time since each connected charger's last change. */
export const totals = async (db: Executor, scope: Scope): Promise<Totals> => {
  const [sums, fleet, money] = await Promise.all([
    db.execute(sql`
    with d as (
      select coalesce(sum(sessions), 0) as sessions, coalesce(sum(energy_wh), 0) as energy_wh, coalesce(sum(session_seconds), 0) as session_seconds,
        coalesce(sum(idle_seconds), 0) as idle_seconds, coalesce(sum(violations), 0) as violations, coalesce(sum(online_seconds), 0) as closed_online
      from location_daily_stats s where ${inScope(sql`s.location_id`, scope)} and ${daysInRange(sql`s.day`, scope)})
    select d.*,
      (select coalesce(sum(p.seconds), 0) from chargers c join locations l on l.id = c.location_id
        cross join lateral (select q.at, q.online from charger_status_changes q where q.charger_id = c.id order by q.at desc, q.id desc limit 1) last
        cross join lateral wd_day_parts(last.at, ${scope.now}::timestamptz, l.time_zone) p
        where ${inScope(sql`c.location_id`, scope)} and last.online and ${daysInRange(sql`p.day`, scope)}) as open_online,
      (select coalesce(sum(session_seconds), 0) from location_hourly_usage u where ${inScope(sql`u.location_id`, scope)} and ${daysInRange(sql`u.day`, scope)}) as used_seconds,
      (select count(distinct coalesce(cs.driver_id::text, cs.id_tag)) from charging_sessions cs join locations l on l.id = cs.location_id
        where ${inScope(sql`cs.location_id`, scope)} and cs.status = 'completed'
          and cs.started_at >= (${scope.from}::date)::timestamp at time zone l.time_zone
          and cs.started_at < (${scope.to}::date + 1)::timestamp at time zone l.time_zone
          and ${dayPasses(sql`(cs.started_at at time zone l.time_zone)::date`, scope.dayFilter)}) as unique_drivers
    from d`),
    db.execute(sql`
    with fleet as (
      select c.location_id, count(*) as chargers, sum(greatest(jsonb_array_length(c.connector_types), 1)) as connectors
      from chargers c where ${inScope(sql`c.location_id`, scope)} group by c.location_id),
    elapsed as (
      select f.chargers, f.connectors, greatest(0, extract(epoch from
        least(${scope.now}::timestamptz, (d::date + 1)::timestamp at time zone l.time_zone) - (d::date)::timestamp at time zone l.time_zone)) as seconds
      from fleet f join locations l on l.id = f.location_id
      cross join generate_series(${scope.from}::date, ${scope.to}::date, interval '1 day') d
      where ${dayPasses(sql`d::date`, scope.dayFilter)})
    select coalesce(sum(seconds * chargers), 0) as charger_seconds, coalesce(sum(seconds * connectors), 0) as connector_seconds from elapsed`),
    db.execute(sql`
    select l.currency, sum(s.revenue_minor) as amount from location_daily_stats s join locations l on l.id = s.location_id
    where ${inScope(sql`s.location_id`, scope)} and ${daysInRange(sql`s.day`, scope)} group by l.currency order by 2 desc`),
  ]);
  const [row] = rowsOf<Record<string, unknown>>(sums);
  const [capacity] = rowsOf<Record<string, unknown>>(fleet);
  const revenue = rowsOf<{ currency: string; amount: string }>(money);
  return {
    sessions: num(row?.sessions),
    energyWh: num(row?.energy_wh),
    sessionSeconds: num(row?.session_seconds),
    idleSeconds: num(row?.idle_seconds),
    violations: num(row?.violations),
    onlineSeconds: num(row?.closed_online) + num(row?.open_online),
    usedSeconds: num(row?.used_seconds),
    uniqueDrivers: num(row?.unique_drivers),
    chargerSeconds: num(capacity?.charger_seconds),
    connectorSeconds: num(capacity?.connector_seconds),
    revenue: revenue.map((r) => ({ currency: r.currency, amount: num(r.amount) })),
  };
};

export const dailySeries = async (db: Executor, scope: Scope) =>
  rowsOf<{ day: string; currency: string; energy_wh: number; sessions: string; revenue: string }>(
    await db.execute(sql`
    select s.day::text as day, l.currency, sum(s.energy_wh) as energy_wh, sum(s.sessions) as sessions, sum(s.revenue_minor) as revenue
    from location_daily_stats s join locations l on l.id = s.location_id
    where ${inScope(sql`s.location_id`, scope)} and ${daysInRange(sql`s.day`, scope)}
    group by s.day, l.currency order by s.day`),
  ).map((r) => ({ day: r.day, currency: r.currency, energyWh: num(r.energy_wh), sessions: num(r.sessions), revenue: num(r.revenue) }));

export const hourlyUse = async (db: Executor, scope: Scope) =>
  rowsOf<{ weekday: number; hour: number; seconds: string }>(
    await db.execute(sql`
    select extract(isodow from u.day)::int as weekday, u.hour::int as hour, sum(u.session_seconds) as seconds
    from location_hourly_usage u where ${inScope(sql`u.location_id`, scope)} and ${daysInRange(sql`u.day`, scope)}
    group by 1, 2`),
  ).map((r) => ({ weekday: num(r.weekday), hour: num(r.hour), seconds: num(r.seconds) }));

export const connectorCount = async (db: Executor, scope: Scope): Promise<number> => {
  const [row] = rowsOf<{ n: string }>(
    await db.execute(
      sql`select coalesce(sum(greatest(jsonb_array_length(connector_types), 1)), 0) as n from chargers c where ${inScope(sql`c.location_id`, scope)}`,
    ),
  );
  return num(row?.n);
};

type RankedCharger = { chargerId: string; code: string; name: string; locationId: string; locationName: string; energyWh: number; sessions: number };

/**
 * The `limit` chargers in scope that delivered the most energy and the `limit` that delivered the least, those
 * with none included so the bottom of the list is honest. The period's charger rows are grouped once for both,
 * by charger id alone before the names are joined (a third of the time at network scale, decision 057).
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
    with sums as (
      select s.charger_id, sum(s.energy_wh) as energy_wh, sum(s.sessions) as sessions from charger_daily_stats s
      where s.charger_id in (select c.id from chargers c where ${inScope(sql`c.location_id`, scope)}) and ${daysInRange(sql`s.day`, scope)}
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
