import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { utilityConfigBodySchema, type UtilityConfig } from '@wattdesk/shared/schemas/utility';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useAddUtilityConfig, useUpdateUtilityConfig } from '../api/utility-api.ts';

/** Adds a utility account, or changes one: provider, account number, rate schedule, meters (one per line or comma). */
export const UtilityConfigDialog = ({ locationId, config, onClose }: { locationId: string; config: UtilityConfig | null; onClose: () => void }) => {
  const [values, setValues] = useState({
    provider: config?.provider ?? '',
    accountNumber: config?.accountNumber ?? '',
    rateSchedule: config?.rateSchedule ?? '',
    meters: config?.meters.join(', ') ?? '',
  });
  const [touched, setTouched] = useState(false);
  const add = useAddUtilityConfig();
  const update = useUpdateUtilityConfig();
  const body = {
    ...values,
    meters: values.meters
      .split(/[,\n]/)
      .map((meter) => meter.trim())
      .filter(Boolean),
  };
  const parsed = utilityConfigBodySchema.safeParse(body);
  const errorOf = (field: string) => (touched && !parsed.success ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    if (config) update.mutate({ id: config.id, ...parsed.data }, { onSuccess: onClose });
    else add.mutate({ locationId, ...parsed.data }, { onSuccess: onClose });
  };
  const field = (name: keyof typeof values, label: string, extra: { multiline?: boolean; helperText?: string } = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={Boolean(errorOf(name))}
      helperText={errorOf(name) ?? extra.helperText}
      multiline={extra.multiline}
      required
    />
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="utility-config-title" slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id="utility-config-title">{config ? 'Change utility config' : 'Add utility config'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('provider', 'Provider')}
            {field('accountNumber', 'Account number')}
            {field('rateSchedule', 'Rate schedule')}
            {field('meters', 'Meters', { multiline: true, helperText: 'Meter numbers, separated by commas or lines' })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={add.isPending || update.isPending}>
            {config ? 'Save' : 'Add'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
