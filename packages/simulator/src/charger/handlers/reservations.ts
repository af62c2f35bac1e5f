import type { ReserveNowResponse } from '@wattdesk/shared/ocpp/ocpp16';
import type { Connector } from '../state.ts';
import type { ChargerParts, CommandHandlers } from './context.ts';

/**
 * ReserveNow and CancelReservation (OCPP 1.6 §5.13, §5.4). A reserved connector reports Reserved and admits
 * only the reservation's idTag until the expiry date; connector 0 reserves the first connector that is free.
 * A ReserveNow with a reservationId already held replaces that reservation.
 */
export const reservationHandlers = ({ runtime, state, status }: ChargerParts): CommandHandlers => {
  const expiryTimers = new Map<number, ReturnType<typeof setTimeout>>();

  const release = async (c: Connector) => {
    c.reservation = undefined;
    if (!c.busy && c.status === 'Reserved') await status.set(c.id, state.idleStatus(c));
  };

  const holding = (reservationId: number) => state.connectors.find((c) => state.activeReservation(c)?.reservationId === reservationId);

  const refusal = (c: Connector): ReserveNowResponse['status'] | undefined => {
    if (c.status === 'Faulted') return 'Faulted';
    if (c.availability === 'Inoperative' || state.main.availability === 'Inoperative') return 'Unavailable';
    if (c.busy || c.transactionId !== undefined || state.activeReservation(c)) return 'Occupied';
    return undefined;
  };

  return {
    ReserveNow: ({ connectorId, expiryDate, idTag, parentIdTag, reservationId }) => {
      const expiresAt = Date.parse(expiryDate);
      if (!(expiresAt > runtime.now())) return { status: 'Rejected' };
      // The reservation being replaced frees its connector for the new one (and comes back if none is free).
      const previous = holding(reservationId);
      const replaced = previous?.reservation;
      if (previous) previous.reservation = undefined;
      const candidates = connectorId === 0 ? state.connectors : state.hasConnector(connectorId) ? [state.connectorOf(connectorId)] : [];
      if (!candidates.length) return { status: 'Rejected' };
      const c = candidates.find((candidate) => refusal(candidate) === undefined);
      if (!c) {
        if (previous) previous.reservation = replaced;
        return { status: refusal(candidates[0]!) ?? 'Rejected' };
      }
      c.reservation = { reservationId, idTag, parentIdTag, expiresAt };
      clearTimeout(expiryTimers.get(reservationId));
      const timer = setTimeout(() => {
        expiryTimers.delete(reservationId);
        if (c.reservation?.reservationId === reservationId) void release(c).catch((error: unknown) => runtime.warn(error));
      }, expiresAt - runtime.now());
      timer.unref();
      expiryTimers.set(reservationId, timer);
      runtime.afterReply(async () => {
        if (previous && previous !== c) await release(previous);
        if (c.reservation?.reservationId === reservationId && !c.busy) await status.set(c.id, 'Reserved');
      });
      return { status: 'Accepted' };
    },

    CancelReservation: ({ reservationId }) => {
      const c = holding(reservationId);
      if (!c) return { status: 'Rejected' };
      clearTimeout(expiryTimers.get(reservationId));
      expiryTimers.delete(reservationId);
      c.reservation = undefined;
      runtime.afterReply(() => release(c));
      return { status: 'Accepted' };
    },
  };
};
