import type { OcpiCommandResultType, OcpiCommandType } from '@wattdesk/shared';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { chargers, chargingSessions, connectorStates, locations, ocpiCommands, ocpiSessionLinks } from '../../../db/schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids partners send are free text; only a uuid can name one of our rows (and only a uuid may reach a uuid column). */
export const isUuid = (value: string) => UUID.test(value);

export type PublishedLocation = { id: string; published: boolean };

export const findLocation = async (db: Executor, locationId: string): Promise<PublishedLocation | undefined> => {
  if (!isUuid(locationId)) return undefined;
  const [row] = await db
    .select({ id: locations.id, published: locations.publishToRoaming })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return row;
};

export type CommandCharger = { id: string; connectedNode: string | null; ocppVersion: string | null; connectors: number[] };

/** A charger of the location with the connectors it reported (or was registered with). */
/** `chargerId`: the charger's own (OCPP) id, as EVSE uids carry it. */
export const findChargerAt = async (db: Executor, locationId: string, chargerId: string): Promise<CommandCharger | undefined> => {
  const [row] = await db
    .select({
      id: chargers.id,
      connectedNode: chargers.connectedNode,
      ocppVersion: chargers.ocppVersion,
      connectorTypes: chargers.connectorTypes,
      reported: sql<number[] | null>`(select array_agg(${connectorStates.connectorId}) from ${connectorStates}
        where ${connectorStates.chargerId} = ${chargers.id} and ${connectorStates.connectorId} > 0)`,
    })
    .from(chargers)
    .where(and(eq(chargers.chargerId, chargerId), eq(chargers.locationId, locationId)))
    .limit(1);
  if (!row) return undefined;
  const registered = row.connectorTypes.map((_type, index) => index + 1);
  const connectors = [...new Set([...registered, ...(row.reported ?? []).map(Number)])].sort((a, b) => a - b);
  return { id: row.id, connectedNode: row.connectedNode, ocppVersion: row.ocppVersion, connectors };
};

/** A connected charger of the location: where a START_SESSION / RESERVE_NOW without an EVSE goes. */
export const connectedChargerOf = async (db: Executor, locationId: string): Promise<string | undefined> => {
  const [row] = await db
    .select({ id: chargers.id })
    .from(chargers)
    .where(and(eq(chargers.locationId, locationId), sql`${chargers.connectedNode} is not null`))
    .orderBy(chargers.name)
    .limit(1);
  return row?.id;
};

export type LinkedSession = { sessionId: string; chargerId: string; transactionId: number; active: boolean };

/** A session this partner's driver runs (it has the partner's link); undefined for any other. */
export const findPartnerSession = async (db: Executor, partnerId: string, sessionId: string): Promise<LinkedSession | undefined> => {
  if (!isUuid(sessionId)) return undefined;
  const [row] = await db
    .select({
      sessionId: chargingSessions.id,
      chargerId: chargingSessions.chargerId,
      transactionId: chargingSessions.transactionId,
      active: sql<boolean>`${chargingSessions.status} = 'active'`,
    })
    .from(ocpiSessionLinks)
    .innerJoin(chargingSessions, eq(chargingSessions.id, ocpiSessionLinks.sessionId))
    .where(and(eq(ocpiSessionLinks.sessionId, sessionId), eq(ocpiSessionLinks.partnerId, partnerId)))
    .limit(1);
  return row;
};

/** The partner's accepted reservation by its own reservation_id (the latest, as a RESERVE_NOW may replace one). */
export const findReservation = async (db: Executor, partnerId: string, reservationId: string) => {
  const [row] = await db
    .select({ chargerId: ocpiCommands.chargerId, ocppReservationId: ocpiCommands.ocppReservationId })
    .from(ocpiCommands)
    .where(
      and(
        eq(ocpiCommands.partnerId, partnerId),
        eq(ocpiCommands.command, 'RESERVE_NOW'),
        eq(ocpiCommands.result, 'ACCEPTED'),
        sql`lower(${ocpiCommands.request}->>'reservation_id') = lower(${reservationId})`,
      ),
    )
    .orderBy(desc(ocpiCommands.createdAt))
    .limit(1);
  return row?.chargerId && row.ocppReservationId !== null ? { chargerId: row.chargerId, ocppReservationId: row.ocppReservationId } : undefined;
};

export const insertCommand = async (
  db: Executor,
  row: {
    partnerId: string;
    command: OcpiCommandType;
    chargerId: string | null;
    responseUrl: string;
    request: Record<string, unknown>;
    ocppReservationId?: number;
    deadlineAt: Date;
  },
) => {
  const [inserted] = await db.insert(ocpiCommands).values(row).returning({ id: ocpiCommands.id });
  return inserted!.id;
};

export type ClosedCommand = { id: string; partnerId: string; responseUrl: string };

/** Records the result of a command still open; undefined when it was already closed (by the deadline sweep). */
export const closeCommand = async (tx: Executor, id: string, result: OcpiCommandResultType): Promise<ClosedCommand | undefined> => {
  const [row] = await tx
    .update(ocpiCommands)
    .set({ result })
    .where(and(eq(ocpiCommands.id, id), isNull(ocpiCommands.result)))
    .returning({ id: ocpiCommands.id, partnerId: ocpiCommands.partnerId, responseUrl: ocpiCommands.responseUrl });
  return row;
};

/** Open commands past their deadline get TIMEOUT (a restart lost their call, or the answer never came). */
export const closeOverdue = (tx: Executor, at: Date): Promise<ClosedCommand[]> =>
  tx
    .update(ocpiCommands)
    .set({ result: 'TIMEOUT' })
    .where(and(isNull(ocpiCommands.result), lt(ocpiCommands.deadlineAt, at)))
    .returning({ id: ocpiCommands.id, partnerId: ocpiCommands.partnerId, responseUrl: ocpiCommands.responseUrl });

/** A START_SESSION for this idTag at this charger in the last 15 minutes that the charger did not refuse. */
export const hasCommandedStart = async (db: Executor, chargerId: string, idTag: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: ocpiCommands.id })
    .from(ocpiCommands)
    .where(
      and(
        eq(ocpiCommands.chargerId, chargerId),
        sql`${ocpiCommands.createdAt} > now() - interval '15 minutes'`,
        eq(ocpiCommands.command, 'START_SESSION'),
        sql`${ocpiCommands.request}->'token'->>'uid' = ${idTag}`,
        sql`(${ocpiCommands.result} is null or ${ocpiCommands.result} = 'ACCEPTED')`,
      ),
    )
    .limit(1);
  return Boolean(row);
};
