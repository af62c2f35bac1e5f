import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../apps/api/src/db/client.ts';

export type DashboardScale = { locations: number; chargersPerLocation: number; sessions: number; days: number };

const ZONES = ['America/Los_Angeles', 'America/New_York', 'America/Chicago'];
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const weekdayColumns = sql.raw(['energy_wh', 'sessions'].flatMap((column) => WEEKDAYS.map((d) => `${column}_${d}`)).join(', '));
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourColumns = sql.raw(HOURS.map((hour) => `h${hour}`).join(', '));
const perHour = sql.raw(HOURS.map((hour) => `coalesce(sum(seconds) filter (where hour = ${hour}), 0)`).join(', '));
const perWeekday = (column: string) =>
  sql.raw(WEEKDAYS.map((d) => `coalesce(sum(${column}) filter (where extract(isodow from day) = ${d}), 0)`).join(', '));

/**
 * The issue 14 scale, made inside the database with set-based INSERT … SELECT generate_series. Triggers (the
 * rollups' and the foreign keys') are off while the rows go in; the rollups are then filled by the same grouping
 * the triggers do (the location × day rollup as the sum of the charger rows), so reads see what a network that grew session by session would hold: every charger-day
 * with online time, sessions over the last `days` days in three zones, hourly use and connector types.
 */
export const seedDashboardScale = async (handle: DatabaseHandle, scale: DashboardScale) => {
  const chargers = scale.locations * scale.chargersPerLocation;
  // One transaction: one connection of the pool, so the setting and the temporary table hold for every statement.
  await handle.db.transaction(async (db) => {
    await db.execute(sql`set local session_replication_role = replica`);
    await db.execute(sql`
    insert into locations (name, address_line1, city, zip_code, state, lng, lat, access_code, has_reseller, time_zone)
    select 'Dash Site ' || lpad(n::text, 4, '0'), n || ' Bench Street', 'City ' || (n % 20), '9' || lpad((n % 10000)::text, 4, '0'), 'CA',
           -122 + (n % 100) / 100.0, 37 + (n % 100) / 100.0, lpad((n % 1000000)::text, 6, '0'), n % 7 = 0,
           (${`{${ZONES.join(',')}}`}::text[])[1 + n % 3]
    from generate_series(1, ${scale.locations}) as n`);
    await db.execute(sql`
    create temporary table bench_chargers as
    select c.id, c.location_id, l.time_zone, row_number() over (order by c.charger_id) as rn from chargers c join locations l on l.id = c.location_id
    where false`);
    await db.execute(sql`
    insert into chargers (charger_id, location_id, name, thing_name, kind, status, connector_types)
    select 'DASH-' || l.rn || '-' || c, l.id, 'Bay ' || c, 'thing-dash-' || l.rn || '-' || c, 'smart',
           (array['available','charging','offline','available','faulted'])[1 + ((l.rn + c) % 5)], '["CCS","Type 2"]'::jsonb
    from (select id, row_number() over (order by name) as rn from locations where name like 'Dash Site %') l,
         generate_series(1, ${scale.chargersPerLocation}) as c`);
    await db.execute(sql`
    insert into bench_chargers select c.id, c.location_id, l.time_zone, row_number() over (order by c.charger_id)
    from chargers c join locations l on l.id = c.location_id where c.charger_id like 'DASH-%'`);
    await db.execute(sql`create index on bench_chargers (rn)`);
    // Sessions: charger n mod chargers, one every few hours back from the current hour, 20–59 min long. Written in
    // start order, as a network writes them (a session's row goes in at its StartTransaction): in the order of n,
    // seven hours apart, a report reading sessions in start order found each on another page of the table.
    await db.execute(sql`
    insert into charging_sessions (charger_id, location_id, connector_id, id_tag, status, started_at, stopped_at, meter_start_wh, meter_last_wh, meter_stop_wh)
    select c.id, c.location_id, 1 + n % 2, 'TAG' || lpad((n % 20000)::text, 5, '0'), 'completed', s.at, s.at + make_interval(mins => (20 + n % 40)::int),
           0, 5000 + (n % 40) * 500, 5000 + (n % 40) * 500
    from generate_series(1, ${scale.sessions}) as n
    join bench_chargers c on c.rn = 1 + n % ${chargers}
    cross join lateral (select date_trunc('hour', now()) - make_interval(hours => ((n * 7) % (${scale.days}::int * 24))::int, mins => -(n % 37)::int) as at) s
    order by s.at, n`);
    await db.execute(sql`
    insert into charger_status_changes (charger_id, at, status, online)
    select id, now() - make_interval(mins => (rn % 2880)::int), 'available', rn % 10 <> 0 from bench_chargers`);
    // The connected chargers since their last change, with their location, as the status history's trigger keeps them
    // (migrations 0030 and 0037).
    await db.execute(sql`
    insert into charger_connected_since (charger_id, since, location_id)
    select s.charger_id, s.at, c.location_id from charger_status_changes s join bench_chargers c on c.id = s.charger_id where s.online`);
    await db.execute(sql`
    insert into charger_daily_stats (charger_id, day, location_id, sessions, energy_wh, session_seconds, idle_seconds, revenue_minor, online_seconds, violations)
    select c.id, d.day, c.location_id, coalesce(s.sessions, 0), coalesce(s.energy_wh, 0), coalesce(s.seconds, 0), coalesce(s.sessions, 0) * 300,
           coalesce(s.energy_wh, 0)::bigint / 25, 86400 - (c.rn % 12) * 1800, (c.rn % 97 = 0)::int
    from bench_chargers c
    cross join (select d::date as day from generate_series(current_date - ${scale.days}::int, current_date::timestamp, interval '1 day') d) d
    left join (select cs.charger_id, (cs.started_at at time zone l.time_zone)::date as day, count(*) as sessions, sum(cs.energy_wh) as energy_wh,
                      sum(extract(epoch from cs.stopped_at - cs.started_at))::bigint as seconds
               from charging_sessions cs join locations l on l.id = cs.location_id where l.name like 'Dash Site %' group by 1, 2) s
      on s.charger_id = c.id and s.day = d.day`);
    // The location rollup is the sum of its chargers' rows, as the trigger functions keep it.
    await db.execute(sql`
    insert into location_daily_stats (location_id, day, sessions, energy_wh, session_seconds, idle_seconds, revenue_minor, online_seconds, violations)
    select location_id, day, sum(sessions), sum(energy_wh), sum(session_seconds), sum(idle_seconds), sum(revenue_minor), sum(online_seconds), sum(violations)
    from charger_daily_stats where location_id in (select distinct location_id from bench_chargers) group by 1, 2`);
    // The charger × week rollup the rankings read: the charger rows regrouped by ISO week, a column per weekday.
    await db.execute(sql`
    insert into charger_weekly_stats (charger_id, week, ${weekdayColumns})
    select charger_id, day - (extract(isodow from day)::int - 1), ${perWeekday('energy_wh')}, ${perWeekday('sessions')}
    from charger_daily_stats where charger_id in (select id from bench_chargers) group by 1, 2`);
    await db.execute(sql`
    insert into location_daily_hours (location_id, day, ${hourColumns})
    select location_id, day, ${perHour}
    from (select cs.location_id, (cs.started_at at time zone l.time_zone)::date as day, extract(hour from cs.started_at at time zone l.time_zone)::int as hour,
                 sum(extract(epoch from cs.stopped_at - cs.started_at))::int as seconds
          from charging_sessions cs join locations l on l.id = cs.location_id where l.name like 'Dash Site %' group by 1, 2, 3) h
    group by 1, 2`);
    await db.execute(sql`
    insert into location_connector_sessions (location_id, day, connector_type, sessions)
    select cs.location_id, (cs.started_at at time zone l.time_zone)::date, case cs.connector_id when 1 then 'CCS' else 'Type 2' end, count(*)
    from charging_sessions cs join locations l on l.id = cs.location_id where l.name like 'Dash Site %' group by 1, 2, 3`);
    // The network's drivers per month and local day (migration 0036), by the function its triggers call.
    await db.execute(sql`
    select wd_add_driver_days(array_agg(coalesce(cs.driver_id::text, cs.id_tag)), array_agg((cs.started_at at time zone l.time_zone)::date), array_agg(1))
    from charging_sessions cs join locations l on l.id = cs.location_id where l.name like 'Dash Site %' and cs.status = 'completed'`);
    await db.execute(sql`drop table bench_chargers`);
  });
  // Vacuum as autovacuum would after so many inserts: it marks the pages visible, so index-only scans (unique
  // drivers, decision 057) read no table rows, as on a network whose sessions arrived over weeks.
  await handle.db.execute(sql`vacuum analyze`);
};
