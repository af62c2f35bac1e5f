import { failureMessages } from '@wattdesk/shared/messages';
import { parseMinor } from '@wattdesk/shared/pricing/money';
import { dealBodySchema } from '@wattdesk/shared/schemas/payouts';
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
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useAddDeal } from '../api/deals-api.ts';
import { fieldErrors, percentToBps } from './percent.ts';

const EMPTY = { kind: 'revenue_share', startDate: '', termMonths: '12', host: '', reseller: '', platform: '', monthlyFee: '' };

/** Deals_Create: a revenue-share deal or a fixed monthly fee, with a start date and a term in months. */
export const DealDialog = ({ locationId, currency, onClose }: { locationId: string; currency: string; onClose: () => void }) => {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddDeal();
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((now) => ({ ...now, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bps = (text: string) => percentToBps(text) ?? Number.NaN;
    const common = { locationId, startDate: values.startDate, termMonths: /^\d+$/.test(values.termMonths) ? Number(values.termMonths) : Number.NaN };
    const parsed = dealBodySchema.safeParse(
      values.kind === 'revenue_share'
        ? { ...common, kind: 'revenue_share', hostBps: bps(values.host), resellerBps: bps(values.reseller), platformBps: bps(values.platform) }
        : { ...common, kind: 'fixed_fee', currency, monthlyFee: parseMinor(values.monthlyFee, currency) ?? Number.NaN },
    );
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues);
      return setErrors({ ...found, host: found.hostBps ?? '', reseller: found.resellerBps ?? '', platform: found.platformBps ?? '' });
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: (result) => {
        notifySuccess(result.msg[0] ?? 'deal added');
        onClose();
      },
    });
  };
  const failure = add.error ? (add.error instanceof ApiError ? add.error.messages : [failureMessages.addDeal]).join(': ') : null;
  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} aria-labelledby="deal-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="deal-dialog-title">Add deal</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <TextField {...field('kind')} select label="Kind of deal">
              <MenuItem value="revenue_share">Revenue share</MenuItem>
              <MenuItem value="fixed_fee">Fixed monthly fee</MenuItem>
            </TextField>
            <TextField {...field('startDate')} label="Start date" type="date" required slotProps={{ inputLabel: { shrink: true } }} />
            <TextField {...field('termMonths')} label="Term (months)" inputMode="numeric" required />
            {values.kind === 'revenue_share' ? (
              <>
                <TextField {...field('host')} label="Host (%)" inputMode="decimal" required />
                <TextField {...field('reseller')} label="Reseller (%)" inputMode="decimal" required />
                <TextField {...field('platform')} label="Platform (%)" inputMode="decimal" required />
              </>
            ) : (
              <TextField {...field('monthlyFee')} label={`Monthly fee (${currency})`} inputMode="decimal" required />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={add.isPending}>
            Add deal
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
