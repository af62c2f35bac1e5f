import type { ChargerStatus, OcppVersion } from '@wattdesk/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { refreshChargerStatuses, type RefreshedStatus } from '../../db/charger-status.ts';
import type { Database, Executor, Transaction } from '../../db/client.ts';
import { jsonRecordset, rowsOf, uuidArray } from '../../db/sql-helpers.ts';
import { chargerEvents, chargers, chargingSessions } from '../../db/schema/index.ts';

/** What the register holds of a charger's last BootNotification. */
export type BootIdentity = { vendor: string; model: string; firmwareVersion: string | null; serialNumber: string };

export type ChargerAuthRow = {
  id: string;
  locationId: string;
  ocppPasswordHash: string | null;
  /** Null before its first boot; read with the handshake, so a charger back with the same boot costs no statement. */
  identity: BootIdentity | null;
  /** The OCPP version of its latest connection, so a connection in the same version writes none. */
  recordedVersion: OcppVersion | null;
};

/** A round of handshakes' chargers by OCPP identity, in one statement (a reconnecting fleet asks thousands at once). */
export const findChargersByCodes = async (db: Executor, chargerCodes: readonly string[]): Promise<Map<string, ChargerAuthRow>> => {
  const rows = await db
    .select({
      chargerCode: chargers.chargerId,
      id: chargers.id,
      locationId: chargers.locationId,
      ocppPasswordHash: chargers.ocppPasswordHash,
      vendor: chargers.vendor,
      model: chargers.model,
      firmwareVersion: chargers.firmwareVersion,
      serialNumber: chargers.serialNumber,
      recordedVersion: chargers.ocppVersion,
    })
    .from(chargers)
    .where(inArray(chargers.chargerId, [...new Set(chargerCodes)]));
  return new Map(
    rows.map(({ chargerCode, vendor, model, firmwareVersion, serialNumber, ...row }) => [
      chargerCode,
      { ...row, identity: vendor === null ? null : { vendor, model, firmwareVersion, serialNumber } },
    ]),
  );
};

/** Re-derives one charger's status from its connection and reports (db/charger-status.ts). */
export const refreshChargerStatus = async (tx: Transaction, id: string): Promise<{ status: ChargerStatus; locationId: string } | undefined> => {
  const [row] = await refreshChargerStatuses(tx, sql`c.id = ${id}`);
  return row ? { status: row.status, locationId: row.locationId } : undefined;
};

/** The chargers of these ids, on the alias `c` that refreshChargerStatuses reads. */
const idsIn = (ids: readonly string[]) => sql`c.id = any(${uuidArray([...new Set(ids)])})`;

/**
 * These chargers' rows, locked in id order, for a batched update to join (as `locked`). A batch that took its locks in
 * its own order (the order of the plan) deadlocked with a status round that held some of them and waited for the
 * others (refreshChargerStatuses locks in id order): PostgreSQL cancelled the batch, a telemetry flush's last-seen
 * update in the 50 % 2.0.1 bench (issue 41). Every batch in one order, no two can wait on each other.
 */
const lockedInOrder = (ids: readonly string[]) =>
  sql`(select id from chargers where id = any(${uuidArray([...new Set(ids)])}) order by id for no key update) as locked`;

/** Re-derives these chargers' status in the caller's transaction: one lock and one update for them all. */
export const refreshChargerStatusesOf = (tx: Transaction, ids: readonly string[]): Promise<RefreshedStatus[]> =>
  ids.length ? refreshChargerStatuses(tx, idsIn(ids)) : Promise.resolve([]);

/** Chargers whose sockets opened on `nodeId`, seen at `at`, with the status each now has: one transaction for a round. */
export const markConnected = (db: Database, ids: readonly string[], nodeId: string, at: Date): Promise<RefreshedStatus[]> =>
  db.transaction((tx) => refreshChargerStatuses(tx, idsIn(ids), { node: nodeId, seenAt: at }));

/**
 * Chargers whose sockets closed on `nodeId`. Only the node that holds a connection clears it: a charger that
 * reconnected elsewhere stays online and is not among the rows answered.
 */
export const markDisconnected = (db: Database, ids: readonly string[], nodeId: string): Promise<RefreshedStatus[]> =>
  db.transaction((tx) => refreshChargerStatuses(tx, idsIn(ids), { node: null, fromNode: nodeId }));

/** The OCPP versions chargers connected with (a firmware update may move a charger between them): one statement. */
export const recordOcppVersions = async (db: Executor, versions: readonly { id: string; version: OcppVersion }[]) => {
  if (!versions.length) return;
  await db.execute(sql`
    update chargers c set ocpp_version = x.version
    from ${lockedInOrder(versions.map((row) => row.id))}, ${jsonRecordset(versions, { id: 'uuid', version: 'text' })}
    where c.id = locked.id and x.id = locked.id and c.ocpp_version is distinct from x.version`);
};

/** A node starting afresh holds no connection; rows naming a node that is gone are cleared by the caller. */
export const clearConnections = (db: Executor, nodeId?: string) =>
  db.transaction(async (tx) => {
    const condition = nodeId ? eq(chargers.connectedNode, nodeId) : sql`${chargers.connectedNode} is not null`;
    const rows = await tx.update(chargers).set({ connectedNode: null }).where(condition).returning({ id: chargers.id });
    await refreshChargerStatusesOf(
      tx,
      rows.map((row) => row.id),
    );
    return rows.length;
  });

export type BootReport = { id: string; vendor: string; model: string; firmwareVersion: string | null; serialNumber: string | null };

/** Whether a boot report changes what the register holds: recordBoots's test, for a charger whose row was just read. */
export const bootChanges = (held: BootIdentity | null, report: BootReport): boolean =>
  !held ||
  held.vendor !== report.vendor ||
  held.firmwareVersion !== report.firmwareVersion ||
  (report.model !== '' && held.model !== report.model) ||
  (!!report.serialNumber && held.serialNumber !== report.serialNumber);

/**
 * What a round of BootNotifications reported, one statement for the round. The register's own model and serial
 * stay unless the charger reports them. A reconnecting fleet boots with what it reported last time: such a boot
 * is told apart before it gets here (bootChanges), and one that does get here reads its row and writes nothing.
 * `boots` holds one report per charger.
 */
export const recordBoots = async (db: Executor, boots: readonly BootReport[]) => {
  await db.execute(sql`
    update chargers c set
      vendor = x.vendor,
      firmware_version = x."firmwareVersion",
      model = coalesce(nullif(x.model, ''), c.model),
      serial_number = coalesce(nullif(x."serialNumber", ''), c.serial_number)
    from ${lockedInOrder(boots.map((boot) => boot.id))},
      ${jsonRecordset(boots, { id: 'uuid', vendor: 'text', model: 'text', firmwareVersion: 'text', serialNumber: 'text' })}
    where c.id = locked.id and x.id = locked.id and (
      c.vendor is distinct from x.vendor
      or c.firmware_version is distinct from x."firmwareVersion"
      or (nullif(x.model, '') is not null and c.model is distinct from x.model)
      or (nullif(x."serialNumber", '') is not null and c.serial_number is distinct from x."serialNumber"))`);
};

/**
 * What each charger should be told on its return: inoperative when in maintenance; operative when it is not but
 * a connector last said Unavailable (maintenance ended while it was away); nothing otherwise.
 */
export const findWantedAvailability = async (db: Executor, ids: readonly string[]): Promise<Map<string, 'Inoperative' | 'Operative'>> => {
  const rows = rowsOf<{ id: string; wanted: 'Inoperative' | 'Operative' }>(
    await db.execute(sql`
      select c.id, case when c.availability = 'inoperative' then 'Inoperative' else 'Operative' end as wanted
      from chargers c
      where ${idsIn(ids)} and (c.availability = 'inoperative'
        or exists (select 1 from connector_states s where s.charger_id = c.id and s.status = 'Unavailable'))`),
  );
  return new Map(rows.map((row) => [row.id, row.wanted]));
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

/** A 2.0.1 charger's session by its own transaction id (unique per charger). */
export const findSessionByChargerTransaction = async (
  db: Executor,
  chargerId: string,
  chargerTransactionId: string,
): Promise<SessionRef | undefined> => {
  const [row] = await db
    .select(sessionRefColumns)
    .from(chargingSessions)
    .where(and(eq(chargingSessions.chargerId, chargerId), eq(chargingSessions.chargerTransactionId, chargerTransactionId)))
    .limit(1);
  return row;
};

/** Sessions by the transaction ids chargers echo back (unique across the network); the caller checks the charger. */
export const findSessionsByTransactions = async (db: Executor, transactionIds: readonly number[]): Promise<Map<number, SessionRef>> => {
  const rows = await db
    .select(sessionRefColumns)
    .from(chargingSessions)
    .where(inArray(chargingSessions.transactionId, [...new Set(transactionIds)]));
  return new Map(rows.map((row) => [row.transactionId, row]));
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
    /** A 2.0.1 charger's own transaction id; a repeated start with it answers the same session. */
    chargerTransactionId?: string;
  },
): Promise<{ session: SessionRef; created: boolean; closed: string[] }> => {
  if (values.chargerTransactionId !== undefined) {
    const [same] = await db
      .select(sessionRefColumns)
      .from(chargingSessions)
      .where(and(eq(chargingSessions.chargerId, values.chargerId), eq(chargingSessions.chargerTransactionId, values.chargerTransactionId)))
      .limit(1);
    if (same) return { session: same, created: false, closed: [] };
  }
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

/** A 2.0.1 session started before its driver presented a tag (the cable first): its tag and driver, once presented. */
export const assignSessionTag = async (db: Executor, sessionId: string, idTag: string, driverId: string | null) => {
  await db
    .update(chargingSessions)
    .set({ idTag, driverId })
    .where(and(eq(chargingSessions.id, sessionId), eq(chargingSessions.idTag, '')));
};

/** `meterStopWh` null (a 2.0.1 charger's Ended may carry no reading): the session's last reading is its stop. */
export const stopSession = async (db: Executor, sessionId: string, values: { stoppedAt: Date; meterStopWh: number | null; stopReason: string }) => {
  const reading = values.meterStopWh === null ? sql`${chargingSessions.meterLastWh}` : sql`${values.meterStopWh}::float8`;
  await db
    .update(chargingSessions)
    .set({
      status: 'completed',
      stoppedAt: values.stoppedAt,
      // A register that went backwards is a charger fault; the session keeps what it had counted.
      meterStopWh: sql`greatest(${reading}, ${chargingSessions.meterStartWh})`,
      meterLastWh: sql`greatest(${reading}, ${chargingSessions.meterLastWh})`,
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
    where s.id = any(${uuidArray(updates.map((update) => update.sessionId))}) and s.id = x."sessionId" and s.status = 'active'`);
};

export const touchLastSeen = async (db: Executor, seen: readonly { id: string; at: Date }[]) => {
  if (!seen.length) return;
  await db.execute(sql`
    update chargers c set last_seen_at = greatest(c.last_seen_at, x.at)
    from ${lockedInOrder(seen.map((charger) => charger.id))}, ${jsonRecordset(seen, { id: 'uuid', at: 'timestamptz' })}
    where c.id = locked.id and x.id = locked.id`);
};

export const setAvailability = async (db: Executor, ids: readonly string[], availability: 'operative' | 'inoperative') => {
  if (!ids.length) return;
  await db.execute(sql`update chargers c set availability = ${availability} from ${lockedInOrder(ids)} where c.id = locked.id`);
};
