import { ReservationBook } from '../../reservation-book.ts';
import type { Charger201Parts, CommandHandlers201 } from './context.ts';

/** ReserveNow and CancelReservation in 2.0.1 (H01, H02); an expired reservation is reported with ReservationStatusUpdate. */
export const reservationHandlers201 = ({ runtime, state, status, link }: Charger201Parts): CommandHandlers201 => {
  const book = new ReservationBook(runtime, state, status, async (reservationId) => {
    if (link.connected && link.version === '2.0.1')
      await link.send201('ReservationStatusUpdate', { reservationId, reservationUpdateStatus: 'Expired' });
  });
  return {
    ReserveNow: ({ id, expiryDateTime, idToken, evseId, groupIdToken }) => ({
      status: book.reserve(evseId ?? 0, {
        reservationId: id,
        idTag: idToken.idToken,
        parentIdTag: groupIdToken?.idToken,
        expiresAt: Date.parse(expiryDateTime),
      }),
    }),
    CancelReservation: ({ reservationId }) => ({ status: book.cancel(reservationId) ? 'Accepted' : 'Rejected' }),
  };
};
