import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonRecordset, rowsOf } from '../../db/sql-helpers.ts';
import { chargerEnergySettings, chargers, chargingSessions, locationPowerSettings, locations, powerAllocations } from '../../db/schema/index.ts';

export type PowerSettingsRow = typeof locationPowerSettings.$inferSelect;
export type NewPowerSettings = Omit<typeof locationPowerSettings.$inferInsert, 'locationId' | 'createdAt' | 'updatedAt'>;

/** Each location's time zone and its power settings (null: never set), by location id. */
export const findLocationsPower = async (db: Executor, locationIds: readonly string[]) => {
  const rows = await db
    .select({ locationId: locations.id, timeZone: locations.timeZone, settings: locationPowerSettings })
    .from(locations)
    .leftJoin(locationPowerSettings, eq(locationPowerSettings.locationId, locations.id))
    .where(inArray(locations.id, [...new Set(locationIds)]));
  return new Map(rows.map(({ locationId, ...row }) => [locationId, row]));
};

export const findLocationPower = async (db: Executor, locationId: string) => (await findLocationsPower(db, [locationId])).get(locationId);

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

export type ActiveSessionRow = {
  sessionId: string;
  transactionId: number;
  connectorId: number;
  /** Milliseconds since the epoch: only the order of starts matters here. */
  startedAtMs: number;
  chargerId: string;
  chargerCode: string;
  connectedNode: string | null;
  maxPowerKw: number;
  priority: 'normal' | 'high';
  allocatedW: number | null;
  profileStatus: string | null;
};

/**
 * The running sessions of a location with what sharing needs: the charger's rating, priority and connection.
 * Read as one JSON document: PGlite decodes a 500-row, 11-column answer value by value, which took longer than the
 * query itself (7 ms against 4 ms as JSON, issue 17's recompute bar).
 */
export const activeSessionsAt = async (db: Executor, locationId: string): Promise<ActiveSessionRow[]> => {
  const result = await db.execute(sql`
    select coalesce(json_agg(r order by r."startedAtMs"), '[]') as rows from (
      select s.id as "sessionId", s.transaction_id as "transactionId", s.connector_id as "connectorId",
        extract(epoch from s.started_at)::float8 * 1000 as "startedAtMs", c.id as "chargerId", c.charger_id as "chargerCode",
        c.connected_node as "connectedNode", c.max_power_kw::float8 as "maxPowerKw", coalesce(e.priority, 'normal') as priority,
        a.allocated_w as "allocatedW", a.profile_status as "profileStatus"
      from charging_sessions s
      join chargers c on c.id = s.charger_id and c.location_id = ${locationId}
      left join charger_energy_settings e on e.charger_id = c.id
      left join power_allocations a on a.session_id = s.id
      where s.location_id = ${locationId} and s.status = 'active') r`);
  const [row] = rowsOf<{ rows: ActiveSessionRow[] | string }>(result);
  const rows = row?.rows ?? [];
  return typeof rows === 'string' ? (JSON.parse(rows) as ActiveSessionRow[]) : rows;
};

type AllocationRow = { sessionId: string; chargerId: string; allocatedW: number; profileStatus: string | null };

/**
 * Brings the location's allocations to these: rows of sessions no longer running go, changed rows are written.
 * A steady recompute (nothing started, stopped or moved) writes nothing and checks for ended sessions with one
 * statement, and the changed rows travel as one JSON parameter rather than five per row: on PGlite a 500-row upsert
 * with 3,000 bound values cost more than the whole steady recompute (issue 17's 50 ms bar for 500 sessions).
 */
export const syncAllocations = async (db: Executor, locationId: string, changed: readonly AllocationRow[]) => {
  const removeEnded = (executor: Executor) =>
    executor.execute(sql`
      delete from power_allocations a
      where a.location_id = ${locationId}
        and not exists (select 1 from charging_sessions s where s.id = a.session_id and s.status = 'active' and s.location_id = ${locationId})`);
  if (!changed.length) {
    await removeEnded(db);
    return;
  }
  await db.transaction(async (tx) => {
    await removeEnded(tx);
    await tx.execute(sql`
      insert into power_allocations (session_id, charger_id, location_id, allocated_w, profile_status)
      select x."sessionId", x."chargerId", ${locationId}, x."allocatedW", x."profileStatus"
      from ${jsonRecordset(changed, { sessionId: 'uuid', chargerId: 'uuid', allocatedW: 'integer', profileStatus: 'text' })}
      on conflict (session_id) do update set
        charger_id = excluded.charger_id, location_id = excluded.location_id, allocated_w = excluded.allocated_w,
        profile_status = excluded.profile_status, updated_at = now()`);
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
