import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DAY_FILTERS, DIALOG_DEFAULT_WIDTH_PX, DURATION_HOURS, HOUR_OPTIONS } from '@wattdesk/shared/constants';
import { formatHourOfDay } from '@wattdesk/shared/format';
import { createBookingBodySchema, type BookingRepeat, type CreateBookingInput } from '@wattdesk/shared/schemas/schedule';
import { useState } from 'react';
import { partsText } from '../../../components/parts-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCreateBooking, useDriverOptions } from '../api/schedule-api.ts';
import { scheduleText } from '../schedule-text.ts';
import { durationLabel } from './duration-label.ts';

type BookingDialogProps = {
  locationId: string;
  timeZone: string;
  chargers: readonly { id: string; name: string }[];
  startDate: string;
  onClose: () => void;
};

type Draft = Omit<CreateBookingInput, 'locationId'>;
type FieldErrors = Partial<Record<keyof Draft, string>>;

/** Book chargers for a driver: start date and hour in the location's zone, a duration, optionally repeating. */
export const BookingDialog = ({ locationId, timeZone, chargers, startDate, onClose }: BookingDialogProps) => {
  const drivers = useDriverOptions(locationId);
  const create = useCreateBooking();
  const t = useT(scheduleText);
  const common = useT(partsText);
  const sentence = useSentence();
  const [draft, setDraft] = useState<Draft>({
    chargerIds: [],
    driverId: '',
    startDate,
    startHour: 9,
    durationHours: 1,
    repeat: 'none',
    repeatUntil: null,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createBookingBodySchema.safeParse({ ...draft, locationId, driverId: draft.driverId || undefined });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Draft] ??= sentence(issue.message);
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data, { onSuccess: onClose });
  };
  // The spec's sentence first ('selected chargers are already booked…' or 'Unable to schedule the chargers'), then what collided.
  const refusal = create.error instanceof ApiError ? create.error.messages : create.error ? [create.error.message] : [];

  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby="booking-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id="booking-title">{t('book.title')}</DialogTitle>
        <DialogContent>
          {refusal.length ? (
            <Alert severity="error" role="alert">
              {refusal[0]}
              {refusal.slice(1).map((line) => (
                <div key={line}>{line}</div>
              ))}
            </Alert>
          ) : null}
          <Autocomplete
            multiple
            options={chargers}
            value={chargers.filter((charger) => draft.chargerIds?.includes(charger.id))}
            getOptionLabel={(charger) => charger.name}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            onChange={(_event, next) =>
              set(
                'chargerIds',
                next.map((charger) => charger.id),
              )
            }
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('field.chargers')}
                margin="normal"
                autoFocus
                error={Boolean(errors.chargerIds)}
                helperText={errors.chargerIds}
              />
            )}
          />
          <TextField
            select
            fullWidth
            label={t('field.driver')}
            margin="normal"
            value={draft.driverId}
            onChange={(event) => set('driverId', event.target.value)}
            error={Boolean(errors.driverId)}
            helperText={t(errors.driverId ? 'field.driverRequired' : 'field.driverHelp')}
          >
            {(drivers.data?.items ?? []).length === 0 ? (
              <MenuItem disabled value="">
                {t('field.noDriver')}
              </MenuItem>
            ) : null}
            {(drivers.data?.items ?? []).map((driver) => (
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
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
            <TextField
              select
              fullWidth
              label={t('field.repeat')}
              margin="normal"
              value={draft.repeat}
              onChange={(event) => set('repeat', event.target.value as BookingRepeat)}
            >
              <MenuItem value="none">{t('field.noRepeat')}</MenuItem>
              {DAY_FILTERS.map((filter) => (
                <MenuItem key={filter.key} value={filter.key}>
                  {common(`days.${filter.key}`)}
                </MenuItem>
              ))}
            </TextField>
            {draft.repeat !== 'none' ? (
              <TextField
                type="date"
                fullWidth
                label={t('field.repeatUntil')}
                margin="normal"
                value={draft.repeatUntil ?? ''}
                onChange={(event) => set('repeatUntil', event.target.value || null)}
                error={Boolean(errors.repeatUntil)}
                helperText={errors.repeatUntil ?? t('field.repeatUntilHelp')}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            {common('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            {t('book.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
