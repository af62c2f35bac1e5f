import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DIALOG_DEFAULT_WIDTH_PX, DURATION_HOURS, HOUR_OPTIONS } from '@wattdesk/shared/constants';
import { formatHourOfDay } from '@wattdesk/shared/format';
import { updateBookingBodySchema, type Booking, type UpdateBookingBody } from '@wattdesk/shared/schemas/schedule';
import { zoneOffsetMs } from '@wattdesk/shared/time-zones';
import { useState } from 'react';
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useDriverOptions, useUpdateBooking } from '../api/schedule-api.ts';
import { localDateOf } from '../week-dates.ts';
import { scheduleText } from '../schedule-text.ts';
import { durationLabel } from './duration-label.ts';

type Draft = Required<UpdateBookingBody>;

/** The booking as the form's fields: its local start date and hour, and the duration choice nearest its length. */
export const draftOf = (booking: Booking, timeZone: string): Draft => {
  const start = Date.parse(booking.startsAt);
  const hours = (Date.parse(booking.endsAt) - start) / 3_600_000;
  const nearest = DURATION_HOURS.reduce((best, choice) => (Math.abs(choice - hours) < Math.abs(best - hours) ? choice : best));
  return {
    driverId: booking.driverId,
    startDate: localDateOf(start, timeZone),
    startHour: new Date(start + zoneOffsetMs(start, timeZone)).getUTCHours(),
    durationHours: nearest,
  };
};

/** Move one booking to another day, hour or length, or give it to another active driver of the location. */
export const MoveBookingDialog = ({ booking, timeZone, onClose }: { booking: Booking; timeZone: string; onClose: () => void }) => {
  const drivers = useDriverOptions(booking.locationId);
  const update = useUpdateBooking();
  const t = useT(scheduleText);
  const common = useT(commonText);
  const sentence = useSentence();
  const [draft, setDraft] = useState<Draft>(() => draftOf(booking, timeZone));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const options = drivers.data?.items ?? [];
  // The current driver stays choosable even if no longer active, so the form opens with what the booking holds.
  const current = options.some((driver) => driver.id === booking.driverId) ? [] : [{ id: booking.driverId, label: booking.driverName }];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = updateBookingBodySchema.safeParse(draft);
    if (!parsed.success) {
      const next: Partial<Record<keyof Draft, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Draft] ??= sentence(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    update.mutate({ id: booking.id, body: parsed.data }, { onSuccess: onClose });
  };
  const refusal = update.error instanceof ApiError ? update.error.messages : update.error ? [update.error.message] : [];

  return (
    <Dialog
      open
      onClose={update.isPending ? undefined : onClose}
      aria-labelledby="move-booking-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="move-booking-title">{t('move.title', { charger: booking.chargerName })}</DialogTitle>
        <DialogContent>
          {refusal.length ? (
            <Alert severity="error" role="alert">
              {refusal.map((line) => (
                <div key={line}>{line}</div>
              ))}
            </Alert>
          ) : null}
          <TextField
            select
            fullWidth
            autoFocus
            label={t('field.driver')}
            margin="normal"
            value={draft.driverId}
            onChange={(event) => set('driverId', event.target.value)}
            error={Boolean(errors.driverId)}
            helperText={errors.driverId ?? t('move.driverHelp')}
          >
            {current.map((driver) => (
              <MenuItem key={driver.id} value={driver.id}>
                {driver.label}
              </MenuItem>
            ))}
            {options.map((driver) => (
              <MenuItem key={driver.id} value={driver.id}>
                {t('field.driverOption', { firstName: driver.firstName, lastName: driver.lastName, role: t(`role.${driver.role}`) })}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              type="date"
              fullWidth
              label={t('field.startDate')}
              margin="normal"
              value={draft.startDate}
              onChange={(event) => set('startDate', event.target.value)}
              error={Boolean(errors.startDate)}
              helperText={errors.startDate ?? timeZone}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              select
              fullWidth
              label={t('field.startHour')}
              margin="normal"
              value={draft.startHour}
              onChange={(event) => set('startHour', Number(event.target.value))}
            >
              {HOUR_OPTIONS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {formatHourOfDay(option.value)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              fullWidth
              label={t('field.duration')}
              margin="normal"
              value={draft.durationHours}
              onChange={(event) => set('durationHours', Number(event.target.value))}
            >
              {DURATION_HOURS.map((hours) => (
                <MenuItem key={hours} value={hours}>
                  {durationLabel(hours, t)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            {common('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending}>
            {t('move.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
