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
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useAddUtilityConfig, useUpdateUtilityConfig } from '../api/utility-api.ts';
import { energyText } from '../energy-text.ts';

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
  const t = useT(energyText);
  const common = useT(commonText);
  const sentence = useSentence();
  const body = {
    ...values,
    meters: values.meters
      .split(/[,\n]/)
      .map((meter) => meter.trim())
      .filter(Boolean),
  };
  const parsed = utilityConfigBodySchema.safeParse(body);
  const errorOf = (field: string) => {
    const message = touched && !parsed.success ? parsed.error.issues.find((issue) => issue.path[0] === field)?.message : undefined;
    return message === undefined ? undefined : sentence(message);
  };
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
        <DialogTitle id="utility-config-title">{t(config ? 'configDialog.changeTitle' : 'configDialog.addTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {field('provider', t('configDialog.provider'))}
            {field('accountNumber', t('configDialog.accountNumber'))}
            {field('rateSchedule', t('configDialog.rateSchedule'))}
            {field('meters', t('configDialog.meters'), { multiline: true, helperText: t('configDialog.metersHelp') })}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{common('cancel')}</Button>
          <Button type="submit" variant="contained" loading={add.isPending || update.isPending}>
            {t(config ? 'dialog.save' : 'dialog.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
