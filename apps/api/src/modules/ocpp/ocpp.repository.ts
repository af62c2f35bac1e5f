import type { ChargerStatus } from '@wattdesk/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import { refreshChargerStatuses, type ConnectionChange } from '../../db/charger-status.ts';
import type { Executor } from '../../db/client.ts';
import { jsonRecordset } from '../../db/sql-helpers.ts';
import { chargerEvents, chargers, chargingSessions, connectorStates } from '../../db/schema/index.ts';

export type ChargerAuthRow = {
  id: string;
  locationId: string;
  ocppPasswordHash: string | null;
  availability: 'operative' | 'inoperative';
  booted: boolean;
};

export const findChargerByCode = async (db: Executor, chargerCode: string): Promise<ChargerAuthRow | undefined> => {
  const [row] = await db
    .select({
      id: chargers.id,
      locationId: chargers.locationId,
      ocppPasswordHash: chargers.ocppPasswordHash,
      availability: chargers.availability,
      booted: sql<boolean>`${chargers.vendor} is not null`,
    })
    .from(chargers)
    .where(eq(chargers.chargerId, chargerCode))
    .limit(1);
  return row;
};

/** Re-derives one charger's status from its connection and reports (db/charger-status.ts), with a connection change if given. */
export const refreshChargerStatus = async (
  db: Executor,
  id: string,
  connection?: ConnectionChange,
): Promise<{ status: ChargerStatus; locationId: string } | undefined> => {
  const [row] = await refreshChargerStatuses(db, sql`c.id = ${id}`, connection);
  return row ? { status: row.status, locationId: row.locationId } : undefined;
};

/** The connection and the status it gives, in one statement. */
export const markConnected = async (db: Executor, id: string, nodeId: string, at: Date) => {
  await refreshChargerStatus(db, id, { node: nodeId, seenAt: at });
};

/**
 * Only the node that holds the connection clears it: a charger that reconnected elsewhere stays online. The status it
 * gives, or undefined when this node no longer held it.
 */
export const markDisconnected = (db: Executor, id: string, nodeId: string) => refreshChargerStatus(db, id, { node: null, fromNode: nodeId });

/** A node starting afresh holds no connection; rows naming a node that is gone are cleared by the caller. */
export const clearConnections = async (db: Executor, nodeId?: string) => {
  const condition = nodeId ? eq(chargers.connectedNode, nodeId) : sql`${chargers.connectedNode} is not null`;
  const rows = await db.update(chargers).set({ connectedNode: null }).where(condition).returning({ id: chargers.id });
  for (const row of rows) await refreshChargerStatus(db, row.id);
  return rows.length;
};

export const recordBoot = async (
  db: Executor,
  id: string,
  values: { vendor: string; model: string; firmwareVersion: string | null; serialNumber: string | null },
) => {
  await db
    .update(chargers)
    .set({
      vendor: values.vendor,
      firmwareVersion: values.firmwareVersion,
      // The register's own model and serial stay unless the charger reports them.
      ...(values.model ? { model: values.model } : {}),
      ...(values.serialNumber ? { serialNumber: values.serialNumber } : {}),
    })
    // A reconnecting fleet boots with what it reported last time: such a boot reads the row and writes nothing.
    .where(
      and(
        eq(chargers.id, id),
        or(
          sql`${chargers.vendor} is distinct from ${values.vendor}`,
          sql`${chargers.firmwareVersion} is distinct from ${values.firmwareVersion}`,
          values.model ? sql`${chargers.model} is distinct from ${values.model}` : undefined,
          values.serialNumber ? sql`${chargers.serialNumber} is distinct from ${values.serialNumber}` : undefined,
        ),
      ),
    );
};

export const hasUnavailableConnector = async (db: Executor, chargerId: string): Promise<boolean> => {
  const rows = await db
    .select({ connectorId: connectorStates.connectorId })
    .from(connectorStates)
    .where(and(eq(connectorStates.chargerId, chargerId), eq(connectorStates.status, 'Unavailable')))
    .limit(1);
  return rows.length > 0;
};

export type SessionRef = {
  id: string;
  transactionId: number;
  chargerId: string;
  connectorId: number;
  status: 'active' | 'completed';
  driverId: string | null;
  meterStartWh: number;
};

const sessionRefColumns = {
  id: chargingSessions.id,
  transactionId: chargingSessions.transactionId,
  chargerId: chargingSessions.chargerId,
  connectorId: chargingSessions.connectorId,
  status: chargingSessions.status,
  driverId: chargingSessions.driverId,
  meterStartWh: chargingSessions.meterStartWh,
};

export const findSessionByTransaction = async (db: Executor, chargerId: string, transactionId: number): Promise<SessionRef | undefined> => {
  const [row] = await db
    .select(sessionRefColumns)
    .from(chargingSessions)
    .where(and(eq(chargingSessions.transactionId, transactionId), eq(chargingSessions.chargerId, chargerId)))
    .limit(1);
  return row;
};

/**
 * Idempotent on (charger, connector, start time, id tag): a repeated StartTransaction answers the same
 * transaction id. A session still open on that connector was lost by the charger (a reboot) and is closed.
 */
export const startSession = async (
  db: Executor,
  values: {
    chargerId: string;
    locationId: string;
    connectorId: number;
    idTag: string;
    startedAt: Date;
    meterStartWh: number;
    driverId: string | null;
  },
): Promise<{ session: SessionRef; created: boolean; closed: string[] }> => {
  const [existing] = await db
    .select(sessionRefColumns)
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.chargerId, values.chargerId),
        eq(chargingSessions.connectorId, values.connectorId),
        eq(chargingSessions.startedAt, values.startedAt),
        eq(chargingSessions.idTag, values.idTag),
      ),
    )
    .limit(1);
  if (existing) return { session: existing, created: false, closed: [] };
  const closed = await db
    .update(chargingSessions)
    .set({ status: 'completed', stoppedAt: values.startedAt, stopReason: 'Other', meterStopWh: sql`${chargingSessions.meterLastWh}` })
    .where(
      and(
        eq(chargingSessions.chargerId, values.chargerId),
        eq(chargingSessions.connectorId, values.connectorId),
        eq(chargingSessions.status, 'active'),
      ),
    )
    .returning({ id: chargingSessions.id });
  const [created] = await db
    .insert(chargingSessions)
    .values({ ...values, meterLastWh: values.meterStartWh })
    .returning(sessionRefColumns);
  return { session: created!, created: true, closed: closed.map((row) => row.id) };
};

export const stopSession = async (db: Executor, sessionId: string, values: { stoppedAt: Date; meterStopWh: number; stopReason: string }) => {
  await db
    .update(chargingSessions)
    .set({
      status: 'completed',
      stoppedAt: values.stoppedAt,
      // A register that went backwards is a charger fault; the session keeps what it had counted.
      meterStopWh: sql`greatest(${values.meterStopWh}, ${chargingSessions.meterStartWh})`,
      meterLastWh: sql`greatest(${values.meterStopWh}, ${chargingSessions.meterLastWh})`,
      stopReason: values.stopReason,
      powerW: null,
    })
    .where(and(eq(chargingSessions.id, sessionId), eq(chargingSessions.status, 'active')));
};

export type ChargerEventRow = {
  chargerCode: string;
  chargerId: string | null;
  kind: string;
  summary: string;
  detail?: Record<string, unknown> | null;
};

/** Charger log rows, many in one statement (the OCPP server writes them by group commit). */
export const insertChargerEvents = async (db: Executor, rows: readonly ChargerEventRow[]) => {
  if (!rows.length) return;
  await db.insert(chargerEvents).values(rows.map((row) => ({ ...row, detail: row.detail ?? null })));
};

export type SampleRow = {
  sessionId: string;
  sampledAt: Date;
  energyWh: number | null;
  powerW: number | null;
  currentA: number | null;
  voltageV: number | null;
  soc: number | null;
};

/** One statement per table for a whole batch of meter values; repeated samples are ignored. */
export const writeSamples = async (db: Executor, samples: readonly SampleRow[]) => {
  if (!samples.length) return;
  await db.execute(sql`
    insert into meter_samples (session_id, sampled_at, energy_wh, power_w, current_a, voltage_v, soc)
    select "sessionId", "sampledAt", "energyWh", "powerW", "currentA", "voltageV", soc
    from ${jsonRecordset(samples, {
      sessionId: 'uuid',
      sampledAt: 'timestamptz',
      energyWh: 'float8',
      powerW: 'float8',
      currentA: 'float8',
      voltageV: 'float8',
      soc: 'float8',
    })}
    on conflict do nothing`);
};

export const updateSessionMeters = async (
  db: Executor,
  updates: readonly { sessionId: string; energyWh: number | null; powerW: number | null }[],
) => {
  if (!updates.length) return;
  await db.execute(sql`
    update charging_sessions s set
      meter_last_wh = greatest(s.meter_last_wh, coalesce(x."energyWh", s.meter_last_wh)),
      power_w = coalesce(x."powerW", s.power_w),
      updated_at = now()
    from ${jsonRecordset(updates, { sessionId: 'uuid', energyWh: 'float8', powerW: 'float8' })}
    where s.id = x."sessionId" and s.status = 'active'`);
};

export const touchLastSeen = async (db: Executor, seen: readonly { id: string; at: Date }[]) => {
  if (!seen.length) return;
  await db.execute(sql`
    update chargers c set last_seen_at = greatest(c.last_seen_at, x.at)
    from ${jsonRecordset(seen, { id: 'uuid', at: 'timestamptz' })}
    where c.id = x.id`);
};

export const setAvailability = async (db: Executor, ids: readonly string[], availability: 'operative' | 'inoperative') => {
  if (!ids.length) return;
  await db.execute(
    sql`update chargers set availability = ${availability} where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
};
