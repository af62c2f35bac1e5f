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
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

const EMPTY = { kind: 'revenue_share', startDate: '', termMonths: '12', host: '', reseller: '', platform: '', monthlyFee: '' };

/** Deals_Create: a revenue-share deal or a fixed monthly fee, with a start date and a term in months. */
export const DealDialog = ({ locationId, currency, onClose }: { locationId: string; currency: string; onClose: () => void }) => {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useAddDeal();
  const t = useT(payoutsText);
  const common = useT(commonText);
  const sentence = useSentence();
  const field = (name: keyof typeof EMPTY) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((now) => ({ ...now, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name] ? sentence(errors[name]) : errors[name],
  });
  const percentLabel = (key: 'share.host' | 'share.reseller' | 'share.platform') => t('share.percent', { label: t(key) });
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
        notifySuccess(result.msg[0] ?? t('deal.added'));
        onClose();
      },
    });
  };
  const failure = add.error ? (add.error instanceof ApiError ? add.error.messages : [sentence(failureMessages.addDeal)]).join(': ') : null;
  return (
    <Dialog open onClose={add.isPending ? undefined : onClose} aria-labelledby="deal-dialog-title">
      <form noValidate onSubmit={submit}>
        <DialogTitle id="deal-dialog-title">{t('deals.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure ? <Alert severity="error">{failure}</Alert> : null}
            <TextField {...field('kind')} select label={t('deal.kind')}>
              <MenuItem value="revenue_share">{t('kind.revenue_share')}</MenuItem>
              <MenuItem value="fixed_fee">{t('kind.fixed_fee')}</MenuItem>
            </TextField>
            <TextField {...field('startDate')} label={t('deals.startDate')} type="date" required slotProps={{ inputLabel: { shrink: true } }} />
            <TextField {...field('termMonths')} label={t('deal.term')} inputMode="numeric" required />
            {values.kind === 'revenue_share' ? (
              <>
                <TextField {...field('host')} label={percentLabel('share.host')} inputMode="decimal" required />
                <TextField {...field('reseller')} label={percentLabel('share.reseller')} inputMode="decimal" required />
                <TextField {...field('platform')} label={percentLabel('share.platform')} inputMode="decimal" required />
              </>
            ) : (
              <TextField {...field('monthlyFee')} label={t('deal.monthlyFee', { currency })} inputMode="decimal" required />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={add.isPending}>
            {common('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={add.isPending}>
            {t('deals.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
