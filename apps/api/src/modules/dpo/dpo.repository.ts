import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargerEnergySettings, chargers, chargingSessions, locationPowerSettings, locations, powerAllocations } from '../../db/schema/index.ts';

export type PowerSettingsRow = typeof locationPowerSettings.$inferSelect;
export type NewPowerSettings = Omit<typeof locationPowerSettings.$inferInsert, 'locationId' | 'createdAt' | 'updatedAt'>;

/** A location's time zone and its power settings (null: never set). */
export const findLocationPower = async (db: Executor, locationId: string) => {
  const [row] = await db
    .select({ timeZone: locations.timeZone, settings: locationPowerSettings })
    .from(locations)
    .leftJoin(locationPowerSettings, eq(locationPowerSettings.locationId, locations.id))
    .where(eq(locations.id, locationId))
    .limit(1);
  return row;
};

export const upsertPowerSettings = async (db: Executor, locationId: string, values: NewPowerSettings) => {
  await db
    .insert(locationPowerSettings)
    .values({ locationId, ...values })
    .onConflictDoUpdate({ target: locationPowerSettings.locationId, set: { ...values, updatedAt: new Date() } });
};

/** Locations whose limit follows the time of day: the clock may change what their sessions get. */
export const timeOfDayLocations = (db: Executor) =>
  db
    .select({ locationId: locationPowerSettings.locationId })
    .from(locationPowerSettings)
    .where(and(eq(locationPowerSettings.enabled, true), eq(locationPowerSettings.limitMode, 'time-of-day')));

export type ActiveSessionRow = Awaited<ReturnType<typeof activeSessionsAt>>[number];

/** The running sessions of a location with what sharing needs: the charger's rating, priority and connection. */
export const activeSessionsAt = (db: Executor, locationId: string) =>
  db
    .select({
      sessionId: chargingSessions.id,
      transactionId: chargingSessions.transactionId,
      connectorId: chargingSessions.connectorId,
      startedAt: chargingSessions.startedAt,
      powerW: chargingSessions.powerW,
      chargerId: chargers.id,
      chargerCode: chargers.chargerId,
      connectedNode: chargers.connectedNode,
      maxPowerKw: chargers.maxPowerKw,
      priority: sql<'normal' | 'high'>`coalesce(${chargerEnergySettings.priority}, 'normal')`,
      allocatedW: powerAllocations.allocatedW,
      profileStatus: powerAllocations.profileStatus,
    })
    .from(chargingSessions)
    .innerJoin(chargers, eq(chargers.id, chargingSessions.chargerId))
    .leftJoin(chargerEnergySettings, eq(chargerEnergySettings.chargerId, chargers.id))
    .leftJoin(powerAllocations, eq(powerAllocations.sessionId, chargingSessions.id))
    .where(and(eq(chargingSessions.locationId, locationId), eq(chargingSessions.status, 'active'), eq(chargers.locationId, locationId)))
    .orderBy(asc(chargingSessions.startedAt));

type AllocationRow = { sessionId: string; chargerId: string; allocatedW: number; profileStatus: string | null };

/**
 * Brings the location's allocations to these: rows of sessions no longer running go, changed rows are written.
 * A steady recompute (nothing started, stopped or moved) writes nothing, which keeps a busy location's
 * recompute to its reads (issue 17's 50 ms bar for 500 sessions).
 */
export const syncAllocations = async (db: Executor, locationId: string, running: readonly string[], changed: readonly AllocationRow[]) => {
  await db.transaction(async (tx) => {
    await tx
      .delete(powerAllocations)
      .where(
        running.length
          ? and(eq(powerAllocations.locationId, locationId), notInArray(powerAllocations.sessionId, [...running]))
          : eq(powerAllocations.locationId, locationId),
      );
    if (changed.length)
      await tx
        .insert(powerAllocations)
        .values(changed.map((row) => ({ ...row, locationId })))
        .onConflictDoUpdate({
          target: powerAllocations.sessionId,
          set: {
            chargerId: sql`excluded.charger_id`,
            locationId: sql`excluded.location_id`,
            allocatedW: sql`excluded.allocated_w`,
            profileStatus: sql`excluded.profile_status`,
            updatedAt: new Date(),
          },
        });
  });
};

export const clearAllocations = (db: Executor, locationId: string) => db.delete(powerAllocations).where(eq(powerAllocations.locationId, locationId));

/** Chargers of a location with their energy settings, for the DPO screen and the mesh. */
export const chargersAt = (db: Executor, locationId: string) =>
  db
    .select({
      id: chargers.id,
      chargerId: chargers.chargerId,
      name: chargers.name,
      status: chargers.status,
      connectedNode: chargers.connectedNode,
      maxPowerKw: chargers.maxPowerKw,
      priority: sql<'normal' | 'high'>`coalesce(${chargerEnergySettings.priority}, 'normal')`,
      link: sql<'direct' | 'gateway' | 'controller'>`coalesce(${chargerEnergySettings.link}, 'direct')`,
      gatewayChargerId: chargerEnergySettings.gatewayChargerId,
      controllerName: chargerEnergySettings.controllerName,
    })
    .from(chargers)
    .leftJoin(chargerEnergySettings, eq(chargerEnergySettings.chargerId, chargers.id))
    .where(eq(chargers.locationId, locationId))
    .orderBy(asc(chargers.name));

export const connectedChargersAt = (db: Executor, locationId: string) =>
  db
    .select({ id: chargers.id, chargerCode: chargers.chargerId, connectedNode: chargers.connectedNode })
    .from(chargers)
    .where(and(eq(chargers.locationId, locationId), sql`${chargers.connectedNode} is not null`));

export const sessionsWithAllocations = (db: Executor, chargerIds: readonly string[]) =>
  chargerIds.length
    ? db
        .select({
          chargerId: chargingSessions.chargerId,
          transactionId: chargingSessions.transactionId,
          connectorId: chargingSessions.connectorId,
          powerW: chargingSessions.powerW,
          allocatedW: powerAllocations.allocatedW,
          profileStatus: powerAllocations.profileStatus,
        })
        .from(chargingSessions)
        .leftJoin(powerAllocations, eq(powerAllocations.sessionId, chargingSessions.id))
        .where(and(inArray(chargingSessions.chargerId, chargerIds), eq(chargingSessions.status, 'active')))
        .orderBy(asc(chargingSessions.connectorId))
    : Promise.resolve([]);

export const findChargerBasics = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ id: chargers.id, locationId: chargers.locationId, chargerCode: chargers.chargerId })
    .from(chargers)
    .where(eq(chargers.id, id))
    .limit(1);
  return row;
};

export const upsertChargerEnergy = async (db: Executor, chargerId: string, values: Partial<typeof chargerEnergySettings.$inferInsert>) => {
  await db
    .insert(chargerEnergySettings)
    .values({ chargerId, ...values })
    .onConflictDoUpdate({ target: chargerEnergySettings.chargerId, set: { ...values, updatedAt: new Date() } });
};

export const findChargerEnergy = async (db: Executor, chargerId: string) => {
  const [row] = await db.select().from(chargerEnergySettings).where(eq(chargerEnergySettings.chargerId, chargerId)).limit(1);
  return row;
};
