import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import { useSessionPayment } from '../api/session-payments-api.ts';
import { PaymentStatusChip } from '../../../components/payment-status-chip.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { sessionsText } from '../sessions-text.ts';

/** On a session's detail: its card payment, or a dash for a session with none (no driver, roaming, free). */
export const SessionPaymentStatus = ({ sessionId }: { sessionId: string }) => {
  const t = useT(sessionsText);
  const payment = useSessionPayment(sessionId);
  if (payment.isPending) return <Typography variant="body2">{t('payment.loading')}</Typography>;
  const found = payment.data?.payment;
  if (!found) return <Typography variant="body2">—</Typography>;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <PaymentStatusChip status={found.status} />
      <Typography variant="body2">{formatMinor(found.amountMinor, found.currency)}</Typography>
      {found.status === 'pending' || found.status === 'failed' ? (
        <Typography variant="body2" color="text.secondary">
          {found.lastError ?? ''}
        </Typography>
      ) : null}
    </Stack>
  );
};
