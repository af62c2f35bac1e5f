import { ReservationBook } from '../reservation-book.ts';
import type { ChargerParts, CommandHandlers } from './context.ts';

/** ReserveNow and CancelReservation (OCPP 1.6 §5.13, §5.4); the rules are the reservation book's. */
export const reservationHandlers = ({ runtime, state, status }: ChargerParts): CommandHandlers => {
  const book = new ReservationBook(runtime, state, status);
  return {
    ReserveNow: ({ connectorId, expiryDate, idTag, parentIdTag, reservationId }) => ({
      status: book.reserve(connectorId, { reservationId, idTag, parentIdTag, expiresAt: Date.parse(expiryDate) }),
    }),
    CancelReservation: ({ reservationId }) => ({ status: book.cancel(reservationId) ? 'Accepted' : 'Rejected' }),
  };
};
