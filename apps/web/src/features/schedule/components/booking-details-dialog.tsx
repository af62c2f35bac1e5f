import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import type { Booking } from '@wattdesk/shared/schemas/schedule';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Can } from '../../../lib/can.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useCancelBooking } from '../api/schedule-api.ts';
import { MoveBookingDialog } from './move-booking-dialog.tsx';

const STATE_TEXT: Record<Booking['state'], string> = {
  booked: 'Booked: the charger is reserved for the driver shortly before the start.',
  reserved: 'Reserved at the charger: only this driver’s ID tags can start a session there.',
  cancelled: 'Cancelled.',
};

/** One booking: moving it or giving it to another driver, and cancelling it (or it and the later ones of its series) behind a confirmation. */
export const BookingDetailsDialog = ({ booking, timeZone, onClose }: { booking: Booking; timeZone: string; onClose: () => void }) => {
  const cancel = useCancelBooking();
  const [scope, setScope] = useState<'one' | 'series' | null>(null);
  const [isMoving, setIsMoving] = useState(false);
  if (isMoving) return <MoveBookingDialog booking={booking} timeZone={timeZone} onClose={onClose} />;
  return (
    <>
      <Dialog
        open={scope === null}
        onClose={onClose}
        aria-labelledby="booking-details-title"
        slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
      >
        <DialogTitle id="booking-details-title">
          {booking.chargerName} for {booking.driverName}
        </DialogTitle>
        <DialogContent>
          <Typography>
            {formatDateTime(booking.startsAt, timeZone)} to {formatDateTime(booking.endsAt, timeZone)}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {STATE_TEXT[booking.state]}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {booking.state !== 'cancelled' ? (
            <Can permission="Schedule_Update">
              <Button onClick={() => setIsMoving(true)}>Change booking</Button>
            </Can>
          ) : null}
          <Can permission="Schedule_Delete">
            <Button color="error" onClick={() => setScope('series')}>
              Cancel this and later
            </Button>
            <Button color="error" onClick={() => setScope('one')}>
              Cancel booking
            </Button>
          </Can>
          <Button onClick={onClose} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={scope !== null}
        title={scope === 'series' ? 'Cancel this and the later bookings?' : 'Cancel booking?'}
        confirmLabel="Cancel booking"
        isDestructive
        isBusy={cancel.isPending}
        onClose={() => setScope(null)}
        onConfirm={() => scope && cancel.mutate({ id: booking.id, scope }, { onSuccess: onClose, onSettled: () => setScope(null) })}
      >
        {scope === 'series'
          ? `${booking.chargerName} is freed from ${formatDateTime(booking.startsAt, timeZone)} on, in every later booking of this series.`
          : `${booking.chargerName} is freed for ${formatDateTime(booking.startsAt, timeZone)} to ${formatDateTime(booking.endsAt, timeZone)}.`}{' '}
        A reservation the charger already holds is cancelled there.
      </ConfirmDialog>
    </>
  );
};
