import type { AccountStatus, DriverDayRule } from '@wattdesk/shared';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { queryPrepared, type PreparedStatement } from '../../db/prepared-query.ts';
import { chargers, driverAccessSettings, drivers, locations } from '../../db/schema/index.ts';
import type { RestrictionRules, SessionsToday, TagHolder } from './authorization-rules.ts';

const mainDrivers = alias(drivers, 'main_drivers');

/** The location's local day of `at`, in which Authorize counts a driver's sessions. */
export type LocalDay = { at: Date; timeZone: string };

/**
 * Sessions started on the local day of $2 (timestamptz) in the zone $3, by the drivers `driverIds` (SQL: a column, a
 * parameter or a subquery); index on (driver_id, started_at).
 */
const sessionsOnLocalDay = (driverIds: string) => `(
  select count(*)::int from charging_sessions cs
  where cs.driver_id in (${driverIds}) and cs.started_at >= $2::timestamptz - interval '1 day'
    and (cs.started_at at time zone $3::text)::date = ($2::timestamptz at time zone $3::text)::date)`;
/** A main user and its sub-users: the drivers of its account. */
const accountOf = (mainId: string) => `select ad.user_id from drivers ad where ad.user_id = ${mainId} or ad.main_driver_id = ${mainId}`;

const RULE_COLUMNS = (alias: string, prefix: string) => `
  to_jsonb(${alias}.allowed_location_ids) as ${prefix}allowed_location_ids, to_jsonb(${alias}.allowed_charger_ids) as ${prefix}allowed_charger_ids,
  ${alias}.allowed_days as ${prefix}allowed_days, ${alias}.hour_from as ${prefix}hour_from, ${alias}.hour_to as ${prefix}hour_to,
  ${alias}.max_kwh_per_session as ${prefix}max_kwh_per_session, ${alias}.max_sessions_per_day as ${prefix}max_sessions_per_day,
  ${alias}.expires_on::text as ${prefix}expires_on`;

/**
 * The driver behind tag $1 (unique index on id_tags.tag) with what Authorize checks, a sub-user with its main user's,
 * and the day's sessions its limits count (only where a limit asks; most drivers have none): one statement per
 * Authorize, planned once per session (db/prepared-query.ts).
 */
const TAG_HOLDER: PreparedStatement = {
  name: 'wd_authorize_tag_holder',
  sql: `
  select d.user_id as driver_id, u.status, md.user_id as main_id, mu.status as main_status, ${RULE_COLUMNS('d', '')}, ${RULE_COLUMNS('md', 'main_')},
    case when d.max_sessions_per_day is null then 0 else ${sessionsOnLocalDay('d.user_id')} end as driver_today,
    case when md.max_sessions_per_day is null then 0 else ${sessionsOnLocalDay(accountOf('md.user_id'))} end as account_today,
    case when pm.provider_payment_method_id is null then 'none' else pm.status end as card,
    exists(select 1 from session_payments sp where sp.driver_id = coalesce(d.main_driver_id, d.user_id) and sp.status = 'failed') as payment_failed
  from id_tags t join drivers d on d.user_id = t.driver_id join users u on u.id = d.user_id
    left join drivers md on md.user_id = d.main_driver_id left join users mu on mu.id = d.main_driver_id
    left join driver_payment_methods pm on pm.driver_id = coalesce(d.main_driver_id, d.user_id)
  where t.tag = $1::text limit 1`,
};

/** For a holder read moments ago (cached): the day's sessions of the driver $4 and of the account $5, where asked. */
const SESSIONS_TODAY: PreparedStatement = {
  name: 'wd_authorize_sessions_today',
  sql: `
  select case when $1::boolean then ${sessionsOnLocalDay('$4::uuid')} else 0 end as driver_today,
    case when $5::uuid is null then 0 else ${sessionsOnLocalDay(accountOf('$5::uuid'))} end as account_today`,
};

type RuleRow = {
  allowed_location_ids: string[] | null;
  allowed_charger_ids: string[] | null;
  allowed_days: DriverDayRule | null;
  hour_from: number | null;
  hour_to: number | null;
  max_kwh_per_session: number | null;
  max_sessions_per_day: number | null;
  expires_on: string | null;
};
type HolderRow = RuleRow & { [K in keyof RuleRow as `main_${K}`]: RuleRow[K] } & {
  driver_id: string;
  status: AccountStatus;
  main_id: string | null;
  main_status: AccountStatus | null;
  driver_today: number;
  account_today: number;
  card: TagHolder['card'];
  payment_failed: boolean;
};

const rulesFrom = (row: HolderRow, prefix: '' | 'main_'): RestrictionRules => {
  const column = <K extends keyof RuleRow>(key: K) => row[`${prefix}${key}` as K] as RuleRow[K];
  return {
    allowedLocationIds: column('allowed_location_ids') ?? [],
    allowedChargerIds: column('allowed_charger_ids') ?? [],
    allowedDays: column('allowed_days') ?? 'all-days',
    hourFrom: column('hour_from'),
    hourTo: column('hour_to'),
    maxKwhPerSession: column('max_kwh_per_session'),
    maxSessionsPerDay: column('max_sessions_per_day'),
    expiresOn: column('expires_on'),
  };
};

/** A driver is waiting at the charger: Authorize's reads go ahead of telemetry and dashboard reads on PGlite. */
const AT_THE_CHARGER = { urgent: true };

const dayParams = (day: LocalDay) => [day.at.toISOString(), day.timeZone] as const;

/** The tag's holder and the day's sessions its limits count, or undefined when no driver has the tag. */
export const findTagHolder = async (db: Database, tag: string, day: LocalDay): Promise<{ holder: TagHolder; today: SessionsToday } | undefined> => {
  const [row] = await queryPrepared<HolderRow>(db, TAG_HOLDER, [tag, ...dayParams(day)], AT_THE_CHARGER);
  if (!row) return undefined;
  return {
    holder: {
      driverId: row.driver_id,
      status: row.status,
      ...rulesFrom(row, ''),
      accountId: row.main_id ?? row.driver_id,
      main: row.main_id && row.main_status ? { ...rulesFrom(row, 'main_'), status: row.main_status } : null,
      card: row.card,
      paymentFailed: row.payment_failed,
    },
    today: { driver: Number(row.driver_today), account: Number(row.account_today) },
  };
};

/** The day's sessions a known holder's limits count, both in one statement; none read when it has no such limit. */
export const countSessionsToday = async (db: Database, holder: TagHolder, day: LocalDay): Promise<SessionsToday> => {
  const driverCounted = holder.maxSessionsPerDay !== null;
  const accountCounted = (holder.main?.maxSessionsPerDay ?? null) !== null;
  if (!driverCounted && !accountCounted) return { driver: 0, account: 0 };
  const [row] = await queryPrepared<{ driver_today: number; account_today: number }>(
    db,
    SESSIONS_TODAY,
    [String(driverCounted), ...dayParams(day), holder.driverId, accountCounted ? holder.accountId : null],
    AT_THE_CHARGER,
  );
  return { driver: Number(row?.driver_today ?? 0), account: Number(row?.account_today ?? 0) };
};

const LOCATION_ACCESS: PreparedStatement = {
  name: 'wd_authorize_location_access',
  sql: `
  select l.time_zone as "timeZone", coalesce(s.accept_unknown_tags, false) as "acceptUnknownTags",
    coalesce(r.unpaid_session_rule = 'refuse', false) as "refuseWithoutCard"
  from locations l left join driver_access_settings s on s.location_id = l.id
    left join location_payment_rules r on r.location_id = l.id
  where l.id = $1::uuid limit 1`,
};

/** findLocationAccess for Authorize: prepared, and ahead of the statements waiting on PGlite. */
export const findLocationAccessAtCharger = async (db: Database, locationId: string) => {
  const [row] = await queryPrepared<{ timeZone: string; acceptUnknownTags: boolean; refuseWithoutCard: boolean }>(
    db,
    LOCATION_ACCESS,
    [locationId],
    AT_THE_CHARGER,
  );
  return row;
};

/** The location's time zone and whether its chargers accept tags no driver has. */
export const findLocationAccess = async (db: Executor, locationId: string) => {
  const [row] = await db
    .select({ timeZone: locations.timeZone, acceptUnknownTags: sql<boolean>`coalesce(${driverAccessSettings.acceptUnknownTags}, false)` })
    .from(locations)
    .leftJoin(driverAccessSettings, eq(driverAccessSettings.locationId, locations.id))
    .where(eq(locations.id, locationId))
    .limit(1);
  return row;
};

export const upsertAccessSettings = async (db: Executor, locationId: string, acceptUnknownTags: boolean) => {
  await db
    .insert(driverAccessSettings)
    .values({ locationId, acceptUnknownTags })
    .onConflictDoUpdate({ target: driverAccessSettings.locationId, set: { acceptUnknownTags, updatedAt: new Date() } });
};

export const locationName = async (db: Executor, locationId: string): Promise<string> => {
  const [row] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId)).limit(1);
  return row?.name ?? 'your location';
};

export const countExistingLocations = async (db: Executor, ids: readonly string[]): Promise<number> => {
  if (!ids.length) return 0;
  const [row] = await db
    .select({ total: count() })
    .from(locations)
    .where(inArray(locations.id, [...ids]));
  return row?.total ?? 0;
};

/** Chargers among `ids`, with their location (a restriction to a charger also needs its location allowed). */
export const chargerLocations = async (db: Executor, ids: readonly string[]) => {
  if (!ids.length) return [];
  return db
    .select({ id: chargers.id, locationId: chargers.locationId })
    .from(chargers)
    .where(inArray(chargers.id, [...ids]));
};

/** The lower of each driver's kWh limit and (for a sub-user) its main user's, by driver id (null: no limit). */
export const findEnergyLimits = async (db: Executor, driverIds: readonly string[]): Promise<Map<string, number | null>> => {
  const rows = await db
    .select({ driverId: drivers.userId, own: drivers.maxKwhPerSession, main: mainDrivers.maxKwhPerSession })
    .from(drivers)
    .leftJoin(mainDrivers, eq(mainDrivers.userId, drivers.mainDriverId))
    .where(inArray(drivers.userId, [...new Set(driverIds)]));
  return new Map(
    rows.map(({ driverId, own, main }) => {
      const limits = [own, main].filter((limit): limit is number => limit !== null);
      return [driverId, limits.length ? Math.min(...limits) : null];
    }),
  );
};
