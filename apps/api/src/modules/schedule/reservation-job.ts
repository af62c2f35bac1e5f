import { createPeriodicPass } from '../../lib/periodic-pass.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { OcppServer } from '../ocpp/ocpp.service.ts';
import * as repo from './reservations.repository.ts';

export type ReservationJobDeps = {
  db: Database;
  ocpp: Pick<OcppServer, 'call' | 'logEvent'>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** ReserveNow goes out this long before a booking starts. */
  leadMinutes: number;
  /** A refused or unanswered ReserveNow / CancelReservation is tried again after this long. */
  retryMs?: number;
  /** The charger answered something other than Accepted to a booking's ReserveNow. */
  onConflict?: (booking: { id: string; locationId: string; chargerName: string; status: string }) => void;
};

const statusOf = (result: unknown) => {
  const status = (result as { status?: unknown } | undefined)?.status;
  return typeof status === 'string' ? status : 'no status';
};

/**
 * Turns bookings into reservations at the charger: ReserveNow shortly before each booking starts (until its
 * end), CancelReservation when a reserved booking is cancelled or moved. Every outcome goes to the charger log
 * (kind 'reservation'). Runs on a timer and whenever the schedule changes; one pass at a time per node.
 */
export const createReservationJob = ({ db, ocpp, now, log, leadMinutes, retryMs = 300_000, onConflict }: ReservationJobDeps) => {
  const event = (work: repo.ReservationWork, summary: string, detail: Record<string, unknown> = {}) =>
    ocpp.logEvent(work.chargerCode, work.chargerId, 'reservation', summary, { reservationId: work.reservationId, bookingId: work.id, ...detail });

  const sendCancel = async (work: repo.ReservationWork) => {
    const reply = await ocpp.call(work.chargerCode, work.connectedNode, 'CancelReservation', { reservationId: work.reservationId });
    // Rejected means the charger no longer holds it (used or expired): nothing more is owed.
    if (reply.ok || work.endsAt.getTime() <= now().getTime()) await repo.clearCancel(db, work.id);
    event(work, `Reservation ${work.reservationId} cancelled: CancelReservation ${reply.ok ? statusOf(reply.result) : reply.message}`);
  };

  const sendReserve = async (work: repo.ReservationWork) => {
    const tags = await repo.reservationTagOf(db, work.driverId);
    if (!tags) {
      event(work, `Reservation ${work.reservationId} not sent: the driver has no ID tag`);
      return;
    }
    const reply = await ocpp.call(work.chargerCode, work.connectedNode, 'ReserveNow', {
      connectorId: 0,
      expiryDate: work.endsAt.toISOString(),
      idTag: tags.idTag,
      parentIdTag: tags.parentIdTag,
      reservationId: work.reservationId,
    });
    const status = reply.ok ? statusOf(reply.result) : reply.message;
    if (status === 'Accepted') await repo.markReserved(db, work.id, now());
    else if (reply.ok) onConflict?.({ id: work.id, locationId: work.locationId, chargerName: work.chargerName, status });
    event(work, `ReserveNow ${work.reservationId} for ${tags.idTag} (account ${tags.parentIdTag}) until ${work.endsAt.toISOString()}: ${status}`, {
      ...tags,
      status,
    });
  };

  const pass = async () => {
    const at = now();
    for (const work of await repo.claimCancels(db, at, retryMs)) await sendCancel(work);
    for (const work of await repo.claimDue(db, at, leadMinutes * 60_000, retryMs)) await sendReserve(work);
  };

  return createPeriodicPass(pass, log, 'Reservation pass failed');
};

export type ReservationJob = ReturnType<typeof createReservationJob>;

/** A charger's word that it dropped a reservation (OCPP 2.0.1 ReservationStatusUpdate), onto the booking. */
export const createReservationUpdates = ({ db, now }: Pick<ReservationJobDeps, 'db' | 'now'>) => ({
  ended: async (chargerId: string, reservationId: number) => {
    await repo.forgetReservation(db, chargerId, reservationId, now());
  },
});
