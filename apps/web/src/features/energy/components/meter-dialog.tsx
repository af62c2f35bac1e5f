import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { METER_UNITS, METER_UTILITIES, meterBodySchema, type Meter, type MeterUtility } from '@wattdesk/shared/schemas/utility';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useAddMeter, useUpdateMeter } from '../api/meters-api.ts';
import { energyText } from '../energy-text.ts';

/** Adds a meter of the location, or changes one: number, utility, unit (of that utility) and a note. */
export const MeterDialog = ({ locationId, meter, onClose }: { locationId: string; meter: Meter | null; onClose: () => void }) => {
  const [values, setValues] = useState({
    meterNumber: meter?.meterNumber ?? '',
    utility: meter?.utility ?? 'electric',
    unit: meter?.unit ?? METER_UNITS.electric[0]!,
    note: meter?.note ?? '',
  });
  const [touched, setTouched] = useState(false);
  const add = useAddMeter();
  const update = useUpdateMeter();
  const t = useT(energyText);
  const common = useT(commonText);
  const sentence = useSentence();
  const parsed = meterBodySchema.safeParse(values);
  const errorOf = (field: string) => {
    const message = touched && !parsed.success ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message : undefined;
    return message === undefined ? undefined : sentence(message);
  };
  const failure = add.error ?? update.error;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    if (meter) update.mutate({ id: meter.id, ...parsed.data }, { onSuccess: onClose });
    else add.mutate({ locationId, ...parsed.data }, { onSuccess: onClose });
  };
  const set = (name: keyof typeof values, value: string) => setValues((current) => ({ ...current, [name]: value }));
  return (
    <Dialog open onClose={onClose} aria-labelledby="meter-dialog-title" slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="meter-dialog-title">{t(meter ? 'meterDialog.changeTitle' : 'meterDialog.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? (
              <Alert severity="error">
                {(failure instanceof ApiError ? failure.messages : [failure.message]).map((message) => (
                  <div key={message}>{message}</div>
                ))}
              </Alert>
            ) : null}
            <TextField
              label={t('meterDialog.number')}
              value={values.meterNumber}
              onChange={(event) => set('meterNumber', event.target.value)}
              error={Boolean(errorOf('meterNumber'))}
              helperText={errorOf('meterNumber')}
              required
            />
            <TextField
              select
              label={t('meterDialog.utility')}
              value={values.utility}
              // A unit of the previous utility would not fit: the new utility's usual unit instead.
              onChange={(event) => {
                const utility = event.target.value as MeterUtility;
                setValues((current) => ({ ...current, utility, unit: METER_UNITS[utility][0]! }));
              }}
            >
              {METER_UTILITIES.map((utility) => (
                <MenuItem key={utility} value={utility}>
                  {t(`meterDialog.kind.${utility}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('meterDialog.unit')}
              value={values.unit}
              onChange={(event) => set('unit', event.target.value)}
              error={Boolean(errorOf('unit'))}
              helperText={errorOf('unit')}
            >
              {METER_UNITS[values.utility].map((unit) => (
                <MenuItem key={unit} value={unit}>
                  {unit}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('meterDialog.note')}
              value={values.note}
              onChange={(event) => set('note', event.target.value)}
              error={Boolean(errorOf('note'))}
              helperText={errorOf('note') ?? t('meterDialog.noteHelp')}
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="submit" variant="contained" loading={add.isPending || update.isPending}>
            {t(meter ? 'dialog.save' : 'dialog.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
