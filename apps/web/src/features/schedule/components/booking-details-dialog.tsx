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
import { useT } from '../../../i18n/use-t.ts';
import { Can } from '../../../lib/can.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useCancelBooking } from '../api/schedule-api.ts';
import { scheduleText } from '../schedule-text.ts';
import { MoveBookingDialog } from './move-booking-dialog.tsx';

/** One booking: moving it or giving it to another driver, and cancelling it (or it and the later ones of its series) behind a confirmation. */
export const BookingDetailsDialog = ({ booking, timeZone, onClose }: { booking: Booking; timeZone: string; onClose: () => void }) => {
  const cancel = useCancelBooking();
  const t = useT(scheduleText);
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
        <DialogTitle id="booking-details-title">{t('details.title', { charger: booking.chargerName, driver: booking.driverName })}</DialogTitle>
        <DialogContent>
          <Typography>
            {t('details.when', { start: formatDateTime(booking.startsAt, timeZone), end: formatDateTime(booking.endsAt, timeZone) })}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t(`details.state.${booking.state}`)}
          </Typography>
        </DialogContent>
        <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
          {booking.state !== 'cancelled' ? (
            <Can permission="Schedule_Update">
              <Button onClick={() => setIsMoving(true)}>{t('details.change')}</Button>
            </Can>
          ) : null}
          <Can permission="Schedule_Delete">
            <Button color="error" onClick={() => setScope('series')}>
              {t('details.cancelSeries')}
            </Button>
            <Button color="error" onClick={() => setScope('one')}>
              {t('details.cancelOne')}
            </Button>
          </Can>
          <Button onClick={onClose} autoFocus>
            {t('details.close')}
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={scope !== null}
        title={t(scope === 'series' ? 'cancel.seriesTitle' : 'cancel.oneTitle')}
        confirmLabel={t('cancel.confirm')}
        isDestructive
        isBusy={cancel.isPending}
        onClose={() => setScope(null)}
        onConfirm={() => scope && cancel.mutate({ id: booking.id, scope }, { onSuccess: onClose, onSettled: () => setScope(null) })}
      >
        {scope === 'series'
          ? t('cancel.seriesText', { charger: booking.chargerName, start: formatDateTime(booking.startsAt, timeZone) })
          : t('cancel.oneText', {
              charger: booking.chargerName,
              start: formatDateTime(booking.startsAt, timeZone),
              end: formatDateTime(booking.endsAt, timeZone),
            })}{' '}
        {t('cancel.reservation')}
      </ConfirmDialog>
    </>
  );
};
