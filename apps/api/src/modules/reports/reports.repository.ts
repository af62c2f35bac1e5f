import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { dayPasses, daysInRange, inScope, type Scope } from '../../db/rollup-scope.ts';

/**
 * A local wall clock (`at at time zone zone`) on a day of the range that passes the Day filter. A report's day is the
 * wall clock's date, as the dashboard's rollups take it (dashboard/sql/roll-sessions.sql); a query that reads many rows works
 * the wall clock out once beside the row and passes it here, since a conversion by zone name costs about a
 * microsecond on PGlite and an expression is worked out again at each place it is written.
 */
export const wallDayIn = (wall: SQL, scope: Scope): SQL => daysInRange(sql`(${wall})::date`, scope);

/**
 * `at` (an instant) falls on a local day of the range that passes the Day filter, in the zone `zone`. The first two
 * comparisons need no conversion and let an index on the instant narrow the rows.
 */
export const localDayIn = (at: SQL, zone: SQL, scope: Scope): SQL =>
  sql`${at} >= ${scope.from}::date - 2 and ${at} < ${scope.to}::date + 3 and ${wallDayIn(sql`${at} at time zone ${zone}`, scope)}`;

export type SessionRow = {
  id: string;
  transaction_id: number;
  location_id: string;
  charger_id: string;
  connector_id: number;
  id_tag: string;
  /** Exact, for the next page's keyset; the times shown come from the milliseconds below. */
  started_at: string;
  started_ms: number;
  stopped_ms: number | null;
  energy_wh: number;
  duration_seconds: number;
  idle_seconds: number | null;
  total: number | string | null;
  currency: string | null;
  /** Started on a local day of the range that passes the Day filter: only these rows are the report's. */
  in_range: boolean;
};

/** Where a page of sessions ends: the next page starts after it. */
export type SessionKey = Pick<SessionRow, 'started_at' | 'id'>;

/**
 * The sessions of a page, numbered `n` in (started_at, id) order: at most `limit` completed sessions after `after`,
 * picked within the range widened to every zone. Each location's own days are checked by the caller (`localDayIn`).
 */
export const pickedSessions = (scope: Scope, after: SessionKey | undefined, limit: number): SQL => sql`
  select row_number() over (order by s.started_at, s.id) as n,
    s.id, s.transaction_id, s.location_id, s.charger_id, s.connector_id, s.id_tag, s.started_at, s.stopped_at, s.energy_wh
  from charging_sessions s
  where ${inScope(sql`s.location_id`, scope)} and s.status = 'completed'
    and s.started_at >= ${scope.from}::date - 2 and s.started_at < ${scope.to}::date + 3
    ${after ? sql`and (s.started_at, s.id) > (${after.started_at}::timestamptz, ${after.id}::uuid)` : sql``}
  order by s.started_at, s.id limit ${limit}`;

/**
 * A page of sessions in (started_at, id) order. The page is picked from the sessions alone, within the range
 * widened to every zone, and only then checked against each location's own days (`in_range`). With the zone
 * check in the paged query the planner, unable to estimate it, expected a ninth of the rows to pass and, for a
 * page of thousands, sorted every remaining session for each page: a download slowing with its size. A page's
 * last row, in range or not, is where the next one starts, so a row checked out at the edge of the range cannot
 * end the report early. Chargers' and locations' names are not joined: a download looks each up once
 * (`namesOf`), where a lookup per row was a third of a page's time at 50,000 chargers. The price is looked up by
 * key per row (`offset 0` keeps it a lookup).
 */
/**
 * Rows per JSON value of a page: about 60 KB of text. A whole page as one value (about 500 KB) is a string V8 makes
 * in its large-object space, which only a full collection frees.
 */
const PART_ROWS = 250;

export const sessionsPage = async (db: Executor, scope: Scope, after: SessionRow | undefined, limit: number): Promise<SessionRow[]> => {
  const parts = rowsOf<{ page: SessionTuple[] | null }>(
    await db.execute(sql`
    select json_agg(json_build_array(cs.id, cs.transaction_id, cs.location_id, cs.charger_id, cs.connector_id, cs.id_tag, cs.started_at::text,
      extract(epoch from cs.started_at)::float8 * 1000, extract(epoch from cs.stopped_at)::float8 * 1000,
      cs.energy_wh, extract(epoch from cs.stopped_at - cs.started_at)::bigint, p.idle_seconds,
      p.total_minor, p.currency, coalesce(${wallDayIn(sql`w.started_wall`, scope)}, false)) order by cs.started_at, cs.id) as page
    from (${pickedSessions(scope, after, limit)}) cs
    left join locations l on l.id = cs.location_id
    cross join lateral (select cs.started_at at time zone l.time_zone as started_wall offset 0) w
    left join lateral (select p.idle_seconds, p.total_minor, p.currency from session_prices p where p.session_id = cs.id offset 0) p on true
    group by (cs.n - 1) / ${PART_ROWS} order by min(cs.n)`),
  );
  return parts
    .flatMap((part) => part.page ?? [])
    .map((t) => ({
      id: t[0],
      transaction_id: t[1],
      location_id: t[2],
      charger_id: t[3],
      connector_id: t[4],
      id_tag: t[5],
      started_at: t[6],
      started_ms: t[7],
      stopped_ms: t[8],
      energy_wh: t[9],
      duration_seconds: t[10],
      idle_seconds: t[11],
      total: t[12],
      currency: t[13],
      in_range: t[14],
    }));
};

type SessionTuple = [
  string,
  number,
  string,
  string,
  number,
  string,
  string,
  number,
  number | null,
  number,
  number,
  number | null,
  number | null,
  string | null,
  boolean,
];

export type NamedCharger = { id: string; name: string; charger_code: string };
export type NamedLocation = { id: string; name: string; time_zone: string };

/** The names a report shows for these chargers and locations (ids that no longer exist are left out). */
export const namesOf = async (db: Executor, chargerIds: readonly string[], locationIds: readonly string[]) => {
  const [chargers, locations] = await Promise.all([
    chargerIds.length
      ? db.execute(sql`select id, name, charger_id as charger_code from chargers where id = any(${`{${chargerIds.join(',')}}`}::uuid[])`)
      : undefined,
    locationIds.length
      ? db.execute(sql`select id, name, time_zone from locations where id = any(${`{${locationIds.join(',')}}`}::uuid[])`)
      : undefined,
  ]);
  return { chargers: chargers ? rowsOf<NamedCharger>(chargers) : [], locations: locations ? rowsOf<NamedLocation>(locations) : [] };
};

export type ChargerRow = {
  id: string;
  location_name: string;
  charger_name: string;
  charger_code: string;
  currency: string;
  sessions: string;
  energy_wh: number;
  session_seconds: string;
  idle_seconds: string;
  revenue: string;
  violations: string;
  online_seconds: string;
  elapsed_seconds: string;
};

/** Per charger: the rollups' sums, online time (closed and still open) and the seconds of the range elapsed. */
export const chargersPage = async (db: Executor, scope: Scope, after: ChargerRow | undefined, limit: number) =>
  rowsOf<ChargerRow>(
    await db.execute(sql`
    select c.id, l.name as location_name, c.name as charger_name, c.charger_id as charger_code, l.currency,
      coalesce(sum(s.sessions), 0) as sessions, coalesce(sum(s.energy_wh), 0) as energy_wh, coalesce(sum(s.session_seconds), 0) as session_seconds,
      coalesce(sum(s.idle_seconds), 0) as idle_seconds, coalesce(sum(s.revenue_minor), 0) as revenue, coalesce(sum(s.violations), 0) as violations,
      coalesce(sum(s.online_seconds), 0) + (select coalesce(sum(p.seconds), 0)
        from (select q.at, q.online from charger_status_changes q where q.charger_id = c.id order by q.at desc, q.id desc limit 1) last
        cross join lateral wd_day_parts(last.at, ${scope.now}::timestamptz, l.time_zone) p
        where last.online and ${daysInRange(sql`p.day`, scope)}) as online_seconds,
      (select coalesce(sum(greatest(0, extract(epoch from least(${scope.now}::timestamptz, (d::date + 1)::timestamp at time zone l.time_zone)
          - (d::date)::timestamp at time zone l.time_zone))), 0)
        from generate_series(${scope.from}::date, ${scope.to}::date, interval '1 day') d where ${dayPasses(sql`d::date`, scope.dayFilter)}) as elapsed_seconds
    from chargers c join locations l on l.id = c.location_id
    left join charger_daily_stats s on s.charger_id = c.id and ${daysInRange(sql`s.day`, scope)}
    where ${inScope(sql`c.location_id`, scope)}
      ${after ? sql`and (l.name, c.name, c.id) > (${after.location_name}, ${after.charger_name}, ${after.id}::uuid)` : sql``}
    group by c.id, l.name, l.currency, l.time_zone
    order by l.name, c.name, c.id limit ${limit}`),
  );

export type MonthRow = { id: string; name: string; month: string; currency: string; sessions: string; energy_wh: number; revenue: string };

/** From the location × day rollup (the sum of its chargers' days, decision 057): a row per location day, not per charger day. */
export const revenuePage = async (db: Executor, scope: Scope, after: MonthRow | undefined, limit: number) =>
  rowsOf<MonthRow>(
    await db.execute(sql`
    select l.id, l.name, to_char(s.day, 'YYYY-MM') as month, l.currency, sum(s.sessions) as sessions, sum(s.energy_wh) as energy_wh, sum(s.revenue_minor) as revenue
    from location_daily_stats s join locations l on l.id = s.location_id
    where ${inScope(sql`s.location_id`, scope)} and ${daysInRange(sql`s.day`, scope)}
    group by l.id, l.name, 3, l.currency
    ${after ? sql`having (l.name, l.id, to_char(s.day, 'YYYY-MM')) > (${after.name}, ${after.id}::uuid, ${after.month})` : sql``}
    order by l.name, l.id, 3 limit ${limit}`),
  );

export type ViolationRow = {
  id: string;
  location_name: string;
  time_zone: string;
  charger_name: string;
  id_tag: string;
  rule: string;
  detected_at: string;
  limit_minutes: number;
  actual_minutes: number;
  amount: string;
  currency: string;
  status: string;
};

export const violationsPage = async (db: Executor, scope: Scope, after: ViolationRow | undefined, limit: number) =>
  rowsOf<ViolationRow>(
    await db.execute(sql`
    select v.id, l.name as location_name, l.time_zone, c.name as charger_name, v.id_tag, v.rule, v.detected_at::text as detected_at,
      v.limit_minutes, v.actual_minutes, v.amount_minor as amount, v.currency, v.status
    from violations v join locations l on l.id = v.location_id join chargers c on c.id = v.charger_id
    where ${inScope(sql`v.location_id`, scope)} and ${localDayIn(sql`v.detected_at`, sql`l.time_zone`, scope)}
      ${after ? sql`and (v.detected_at, v.id) > (${after.detected_at}::timestamptz, ${after.id}::uuid)` : sql``}
    order by v.detected_at, v.id limit ${limit}`),
  );

export type LocationRow = {
  id: string;
  name: string;
  address_line1: string;
  address_line2: string;
  city: string;
  state: string;
  zip_code: string;
  time_zone: string;
  currency: string;
  charger_count: number;
  has_reseller: boolean;
};

export const locationsPage = async (db: Executor, locationIds: readonly string[] | undefined, after: LocationRow | undefined, limit: number) =>
  rowsOf<LocationRow>(
    await db.execute(sql`
    select id, name, address_line1, address_line2, city, state, zip_code, time_zone, currency, charger_count, has_reseller from locations l
    where ${inScope(sql`l.id`, { locationIds })}
      ${after ? sql`and (l.name, l.id) > (${after.name}, ${after.id}::uuid)` : sql``}
    order by l.name, l.id limit ${limit}`),
  );
