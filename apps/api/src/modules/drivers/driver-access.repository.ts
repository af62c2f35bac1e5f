import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { chargers, chargingSessions, driverAccessSettings, drivers, idTags, locations, users } from '../../db/schema/index.ts';
import type { RestrictionRules, TagHolder } from './authorization-rules.ts';

const mainUsers = alias(users, 'main_users');
const mainDrivers = alias(drivers, 'main_drivers');

const rulesOf = (table: typeof drivers | typeof mainDrivers) => ({
  allowedLocationIds: table.allowedLocationIds,
  allowedChargerIds: table.allowedChargerIds,
  allowedDays: table.allowedDays,
  hourFrom: table.hourFrom,
  hourTo: table.hourTo,
  maxKwhPerSession: table.maxKwhPerSession,
  maxSessionsPerDay: table.maxSessionsPerDay,
  expiresOn: table.expiresOn,
});

/** The driver behind a tag (unique index on id_tags.tag), with what Authorize checks; a sub-user with its main user's. */
export const findTagHolder = async (db: Executor, tag: string): Promise<TagHolder | undefined> => {
  const [row] = await db
    .select({
      driverId: drivers.userId,
      status: users.status,
      own: rulesOf(drivers),
      mainId: mainDrivers.userId,
      mainStatus: mainUsers.status,
      main: rulesOf(mainDrivers),
    })
    .from(idTags)
    .innerJoin(drivers, eq(drivers.userId, idTags.driverId))
    .innerJoin(users, eq(users.id, drivers.userId))
    .leftJoin(mainDrivers, eq(mainDrivers.userId, drivers.mainDriverId))
    .leftJoin(mainUsers, eq(mainUsers.id, drivers.mainDriverId))
    .where(eq(idTags.tag, tag))
    .limit(1);
  if (!row) return undefined;
  const { driverId, status, own, mainId, mainStatus, main } = row;
  return {
    driverId,
    status,
    ...(own as RestrictionRules),
    accountId: mainId ?? driverId,
    main: mainId && mainStatus ? { ...(main as RestrictionRules), status: mainStatus } : null,
  };
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

/**
 * Sessions started on the local day of `at` (index on driver_id, started_at) by the driver, or with
 * `wholeAccount` by the main user `driverId` and its sub-users.
 */
export const countSessionsOnLocalDay = async (db: Executor, driverId: string, at: Date, timeZone: string, wholeAccount = false): Promise<number> => {
  const [row] = await db
    .select({ total: count() })
    .from(chargingSessions)
    .where(
      and(
        wholeAccount
          ? sql`${chargingSessions.driverId} in (select ${drivers.userId} from ${drivers} where ${drivers.userId} = ${driverId} or ${drivers.mainDriverId} = ${driverId})`
          : eq(chargingSessions.driverId, driverId),
        gte(chargingSessions.startedAt, new Date(at.getTime() - 86_400_000)),
        sql`(${chargingSessions.startedAt} at time zone ${timeZone})::date = (${at.toISOString()}::timestamptz at time zone ${timeZone})::date`,
      ),
    );
  return row?.total ?? 0;
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

/** The lower of the driver's kWh limit and (for a sub-user) its main user's. */
export const findEnergyLimit = async (db: Executor, driverId: string): Promise<number | null> => {
  const [row] = await db
    .select({ own: drivers.maxKwhPerSession, main: mainDrivers.maxKwhPerSession })
    .from(drivers)
    .leftJoin(mainDrivers, eq(mainDrivers.userId, drivers.mainDriverId))
    .where(eq(drivers.userId, driverId))
    .limit(1);
  const limits = [row?.own ?? null, row?.main ?? null].filter((limit): limit is number => limit !== null);
  return limits.length ? Math.min(...limits) : null;
};
