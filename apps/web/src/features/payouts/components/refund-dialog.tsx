import { formatMinor, parseMinor } from '@wattdesk/shared/pricing/money';
import { refundBodySchema, type RefundBody } from '@wattdesk/shared/schemas/payouts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useRefundSession } from '../api/payouts-api.ts';
import { fieldErrors } from './percent.ts';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

type Props = { locationId: string; currency: string; sessionId?: string; onClose: () => void };

/**
 * Payouts_Transfer: refund all or part of a priced session (decision 082). The amount is asked for first, then
 * confirmed: a session the driver paid by card is refunded to the card through the provider; one nobody paid is
 * written off. One idempotency key per dialog, so a retried click records the refund once.
 */
export const RefundDialog = ({ locationId, currency, sessionId = '', onClose }: Props) => {
  const t = useT(payoutsText);
  const [values, setValues] = useState({ sessionId, amount: '', reason: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<RefundBody | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const refund = useRefundSession();
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (event: { target: { value: string } }) => setValues((now) => ({ ...now, [name]: event.target.value })),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });
  const review = (event: FormEvent) => {
    event.preventDefault();
    const parsed = refundBodySchema.safeParse({
      locationId,
      sessionId: values.sessionId.trim(),
      amount: parseMinor(values.amount, currency) ?? Number.NaN,
      ...(values.reason.trim() ? { reason: values.reason.trim() } : {}),
      idempotencyKey,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    setConfirming(parsed.data);
  };
  const send = () => {
    if (!confirming) return;
    refund.mutate(confirming, {
      onSuccess: (result) => {
        notifySuccess(result.msg[0] ?? t('refund.recorded'));
        onClose();
      },
      onError: () => setConfirming(null),
    });
  };
  const failure = refund.error ? (refund.error instanceof ApiError ? refund.error.messages : [t('refund.failure')]).join(': ') : null;
  return (
    <Dialog open onClose={refund.isPending ? undefined : onClose} aria-labelledby="refund-dialog-title">
      {confirming ? (
        <>
          <DialogTitle id="refund-dialog-title">{t('refund.confirmTitle', { amount: formatMinor(confirming.amount, currency) })}</DialogTitle>
          <DialogContent>
            <DialogContentText>{t('refund.confirmText', { amount: formatMinor(confirming.amount, currency) })}</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setConfirming(null)} disabled={refund.isPending} autoFocus>
              {t('refund.back')}
            </Button>
            <Button onClick={send} color="error" variant="contained" loading={refund.isPending}>
              {t('refund.confirm')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <form noValidate onSubmit={review}>
          <DialogTitle id="refund-dialog-title">{t('refund.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2} sx={{ pt: 1 }}>
              {failure ? <Alert severity="error">{failure}</Alert> : null}
              <TextField {...field('sessionId')} label={t('refund.sessionId')} required />
              <TextField {...field('amount')} label={t('refund.amount', { currency })} inputMode="decimal" required />
              <TextField {...field('reason')} label={t('refund.reason')} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('refund.cancel')}</Button>
            <Button type="submit" variant="contained">
              {t('refund.review')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
};
