import {
  OCPI_CONNECTOR_ID,
  OCPI_STATUS,
  parseEvseUid,
  type OcpiCancelReservation,
  type OcpiCommandResponse,
  type OcpiCommandResultType,
  type OcpiReserveNow,
  type OcpiStartSession,
  type OcpiStatusCode,
  type OcpiStopSession,
  type OcpiUnlockConnector,
} from '@wattdesk/shared';
import type { Executor } from '../../../db/client.ts';
import * as repo from './commands.repository.ts';

/** What the charger is told, once the command is recorded: the charger's answer in OCPI's terms comes back. */
export type Plan = {
  chargerId: string;
  ocppReservationId?: number;
  send: () => Promise<OcpiCommandResultType>;
};

/** A command we answer without the charger: the immediate CommandResponse (and its OCPI status code). */
export type Refusal = { refusal: Omit<OcpiCommandResponse, 'timeout'>; statusCode: OcpiStatusCode };

const refuse = (
  result: 'REJECTED' | 'UNKNOWN_SESSION' | 'NOT_SUPPORTED',
  text: string,
  statusCode: OcpiStatusCode = OCPI_STATUS.SUCCESS,
): Refusal => ({
  refusal: { result, message: [{ language: 'en', text }] },
  statusCode,
});
/** 2.2.1 "Status codes" 2003, with the CommandResponse REJECTED (the UNLOCK_CONNECTOR unknown-location flow). */
const unknownLocation = (text: string) => refuse('REJECTED', text, OCPI_STATUS.UNKNOWN_LOCATION);

/** OCPP 1.6 caps an idTag at 20 characters; both versions' calls are written in 1.6 terms first. */
const OCPP_ID_TAG_MAX = 20;
const idTagTooLong = (uid: string) =>
  uid.length > OCPP_ID_TAG_MAX ? refuse('REJECTED', `Token uid longer than ${OCPP_ID_TAG_MAX} characters cannot be sent to the charger`) : undefined;

export type Evse = { chargerId: string; connectorId: number | undefined };

/**
 * The charger (and connector) a command names: a published location of ours, and the EVSE's charger at it (an
 * EVSE is one connector, ids.ts). Without an EVSE, a connected charger of the location picks its connector.
 */
export const resolveEvse = async (
  db: Executor,
  body: { location_id: string; evse_uid?: string | undefined; connector_id?: string | undefined },
): Promise<Evse | Refusal> => {
  const location = await repo.findLocation(db, body.location_id);
  // A location not published is not shown to partners: it is as unknown to them as one that does not exist.
  if (!location?.published) return unknownLocation('Unknown location');
  if (body.evse_uid === undefined) {
    const chargerId = await repo.connectedChargerOf(db, location.id);
    return chargerId ? { chargerId, connectorId: undefined } : refuse('REJECTED', 'No charger of this location is online');
  }
  const evse = parseEvseUid(body.evse_uid);
  const charger = evse && (await repo.findChargerAt(db, location.id, evse.chargerId));
  if (!evse || !charger || !charger.connectors.includes(evse.connectorId)) return unknownLocation('Unknown EVSE at this location');
  if (body.connector_id !== undefined && body.connector_id !== OCPI_CONNECTOR_ID) return unknownLocation('Unknown connector of this EVSE');
  if (!charger.connectedNode) return refuse('REJECTED', 'The charger is offline');
  return { chargerId: charger.id, connectorId: evse.connectorId };
};

export const isRefusal = (value: object): value is Refusal => 'refusal' in value;

/** Each charger answer in OCPI's CommandResultType; an answer not listed is FAILED. */
export const RESULT_OF_STATUS: Record<string, Record<string, OcpiCommandResultType>> = {
  RemoteStartTransaction: { Accepted: 'ACCEPTED', Rejected: 'REJECTED' },
  RemoteStopTransaction: { Accepted: 'ACCEPTED', Rejected: 'REJECTED' },
  UnlockConnector: { Unlocked: 'ACCEPTED', UnlockFailed: 'FAILED', NotSupported: 'NOT_SUPPORTED' },
  ReserveNow: { Accepted: 'ACCEPTED', Faulted: 'EVSE_INOPERATIVE', Occupied: 'EVSE_OCCUPIED', Rejected: 'REJECTED', Unavailable: 'EVSE_INOPERATIVE' },
  CancelReservation: { Accepted: 'ACCEPTED', Rejected: 'UNKNOWN_RESERVATION' },
};

/** A failure to reach the charger: no answer in time is TIMEOUT, anything else FAILED. */
export const resultOfFailure = (code: string): OcpiCommandResultType => (code === 'CHARGER_NO_ANSWER' ? 'TIMEOUT' : 'FAILED');

export type Senders = {
  /** An OCPP 1.6 command through the dashboard's remote actions (translated for 2.0.1 chargers); the charger's status. */
  remote: (chargerId: string, method: string, params: Record<string, unknown>, label: string) => Promise<OcpiCommandResultType>;
  reserve: (
    chargerId: string,
    params: { reservationId: number; connectorId: number; expiryDate: string; idTag: string },
  ) => Promise<OcpiCommandResultType>;
  cancel: (chargerId: string, reservationId: number) => Promise<OcpiCommandResultType>;
  nextReservationId: () => Promise<number>;
};

export const planStart = async (db: Executor, senders: Senders, body: OcpiStartSession): Promise<Plan | Refusal> => {
  const tooLong = idTagTooLong(body.token.uid);
  if (tooLong) return tooLong;
  const evse = await resolveEvse(db, body);
  if (isRefusal(evse)) return evse;
  const params = { idTag: body.token.uid, ...(evse.connectorId ? { connectorId: evse.connectorId } : {}) };
  return {
    chargerId: evse.chargerId,
    send: () => senders.remote(evse.chargerId, 'RemoteStartTransaction', params, `Remote start for ${body.token.uid}`),
  };
};

export const planStop = async (db: Executor, senders: Senders, partnerId: string, body: OcpiStopSession): Promise<Plan | Refusal> => {
  const session = await repo.findPartnerSession(db, partnerId, body.session_id);
  // Another partner's session is as unknown to this one as a session that does not exist.
  if (!session) return refuse('UNKNOWN_SESSION', 'Unknown session');
  if (!session.active) return refuse('REJECTED', 'The session has already ended');
  const params = { transactionId: session.transactionId };
  return {
    chargerId: session.chargerId,
    send: () => senders.remote(session.chargerId, 'RemoteStopTransaction', params, `Remote stop of session ${session.transactionId}`),
  };
};

export const planUnlock = async (db: Executor, senders: Senders, body: OcpiUnlockConnector): Promise<Plan | Refusal> => {
  const evse = await resolveEvse(db, body);
  if (isRefusal(evse)) return evse;
  const connectorId = evse.connectorId!;
  return {
    chargerId: evse.chargerId,
    send: () => senders.remote(evse.chargerId, 'UnlockConnector', { connectorId }, `Unlock connector ${connectorId}`),
  };
};

export const planReserve = async (db: Executor, senders: Senders, partnerId: string, body: OcpiReserveNow): Promise<Plan | Refusal> => {
  const tooLong = idTagTooLong(body.token.uid);
  if (tooLong) return tooLong;
  if (new Date(body.expiry_date.endsWith('Z') ? body.expiry_date : `${body.expiry_date}Z`).getTime() <= Date.now())
    return refuse('REJECTED', 'expiry_date is in the past');
  const evse = await resolveEvse(db, body);
  if (isRefusal(evse)) return evse;
  // The same reservation_id at the same charger replaces the reservation there (ReserveNow with its id again).
  const earlier = await repo.findReservation(db, partnerId, body.reservation_id);
  const reservationId = earlier?.chargerId === evse.chargerId ? earlier.ocppReservationId : await senders.nextReservationId();
  const params = {
    reservationId,
    connectorId: evse.connectorId ?? 0,
    expiryDate: new Date(`${body.expiry_date.replace(/Z$/, '')}Z`).toISOString(),
    idTag: body.token.uid,
  };
  return { chargerId: evse.chargerId, ocppReservationId: reservationId, send: () => senders.reserve(evse.chargerId, params) };
};

export const planCancel = async (db: Executor, senders: Senders, partnerId: string, body: OcpiCancelReservation): Promise<Plan | Refusal> => {
  const reservation = await repo.findReservation(db, partnerId, body.reservation_id);
  if (!reservation) return refuse('REJECTED', 'Unknown reservation');
  return {
    chargerId: reservation.chargerId,
    ocppReservationId: reservation.ocppReservationId,
    send: () => senders.cancel(reservation.chargerId, reservation.ocppReservationId),
  };
};
