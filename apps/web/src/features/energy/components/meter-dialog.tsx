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
import { ApiError } from '../../../lib/api-error.ts';
import { useAddMeter, useUpdateMeter } from '../api/meters-api.ts';

const UTILITY_LABELS: Record<MeterUtility, string> = { electric: 'Electric', gas: 'Gas', water: 'Water' };

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
  const parsed = meterBodySchema.safeParse(values);
  const errorOf = (field: string) => (touched && !parsed.success ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message : undefined);
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
        <DialogTitle id="meter-dialog-title">{meter ? 'Change meter' : 'Add meter'}</DialogTitle>
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
              label="Meter number"
              value={values.meterNumber}
              onChange={(event) => set('meterNumber', event.target.value)}
              error={Boolean(errorOf('meterNumber'))}
              helperText={errorOf('meterNumber')}
              required
            />
            <TextField
              select
              label="Utility"
              value={values.utility}
              // A unit of the previous utility would not fit: the new utility's usual unit instead.
              onChange={(event) => {
                const utility = event.target.value as MeterUtility;
                setValues((current) => ({ ...current, utility, unit: METER_UNITS[utility][0]! }));
              }}
            >
              {METER_UTILITIES.map((utility) => (
                <MenuItem key={utility} value={utility}>
                  {UTILITY_LABELS[utility]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Unit"
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
              label="Note"
              value={values.note}
              onChange={(event) => set('note', event.target.value)}
              error={Boolean(errorOf('note'))}
              helperText={errorOf('note') ?? 'Where it is, what it feeds'}
              multiline
              minRows={2}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={add.isPending || update.isPending}>
            {meter ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
