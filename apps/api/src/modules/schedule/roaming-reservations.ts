import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import type { OcppServer } from '../ocpp/ocpp.service.ts';
import { chargerToCall } from './reservations.repository.ts';

/** What the charger said: its status, or why there is none (offline, no answer, a call it could not take). */
export type ReservationReply = { status: string } | { failure: 'CHARGER_OFFLINE' | 'CHARGER_NO_ANSWER' | 'CHARGER_CALL_FAILED'; message: string };

/**
 * Reservations a roaming partner asks for (OCPI RESERVE_NOW / CANCEL_RESERVATION, issue 42), beside the bookings'
 * own: the same ReserveNow / CancelReservation at the charger, logged as 'reservation' events, and reservation ids
 * drawn from the bookings' sequence so a partner's reservation can never be confused with a booking's at a charger.
 */
export const createRoamingReservations = ({ db, ocpp }: { db: Database; ocpp: Pick<OcppServer, 'call' | 'logEvent'> }) => {
  const send = async (chargerId: string, method: 'ReserveNow' | 'CancelReservation', params: Record<string, unknown>, who: string) => {
    const target = await chargerToCall(db, chargerId);
    if (!target) return { failure: 'CHARGER_CALL_FAILED', message: 'The charger no longer exists' } satisfies ReservationReply;
    const reply = await ocpp.call(target.chargerCode, target.connectedNode, method, params);
    const status = (reply.ok ? (reply.result as { status?: unknown } | undefined) : undefined)?.status;
    const answer: ReservationReply = reply.ok
      ? { status: typeof status === 'string' ? status : 'no status' }
      : { failure: reply.code as 'CHARGER_OFFLINE' | 'CHARGER_NO_ANSWER' | 'CHARGER_CALL_FAILED', message: reply.message };
    ocpp.logEvent(
      target.chargerCode,
      target.id,
      'reservation',
      `${method} ${String(params.reservationId)} for ${who}: ${'status' in answer ? answer.status : answer.message}`,
      { ...params, answer },
    );
    return answer;
  };

  return {
    /** A reservation id no booking and no other partner uses. */
    nextReservationId: async (): Promise<number> => {
      const [row] = rowsOf<{ id: number | string }>(await db.execute(sql`select nextval('charger_bookings_reservation_id_seq') as id`));
      return Number(row!.id);
    },
    reserve: (chargerId: string, reservation: { reservationId: number; connectorId: number; expiryDate: string; idTag: string }, who: string) =>
      send(chargerId, 'ReserveNow', reservation, who),
    cancel: (chargerId: string, reservationId: number, who: string) => send(chargerId, 'CancelReservation', { reservationId }, who),
  };
};

export type RoamingReservations = ReturnType<typeof createRoamingReservations>;
