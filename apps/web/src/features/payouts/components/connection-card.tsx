import type { PaymentAccountStatus } from '@wattdesk/shared/schemas/payments';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useCan } from '../../../lib/can.tsx';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useDisconnectStripe, useStartStripeConnect } from '../api/stripe-connect-api.ts';
import { DisconnectDialog } from './disconnect-dialog.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useLocationTimeZone } from '../../../lib/queries/locations.ts';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

const Detail = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '180px 1fr' }, gap: 1, py: 0.75 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="body2" component="div">
      {children}
    </Typography>
  </Box>
);

/** The location's Stripe connection: its account, date and a confirmed disconnect; or a Connect button. */
export const ConnectionCard = ({ locationId, status }: { locationId: string; status: PaymentAccountStatus }) => {
  const timeZone = useLocationTimeZone(locationId);
  const t = useT(payoutsText);
  const dateTime = (iso: string) => formatDateTime(iso, timeZone);
  const can = useCan();
  const start = useStartStripeConnect();
  const disconnect = useDisconnectStripe();
  const [isConfirming, setIsConfirming] = useState(false);
  const { account } = status;
  const canConnect = can('Bank_Connect');
  // Connecting where there is none is not replacing a host's account (issue 43): that takes Bank_Account_Update.
  const canReplace = can('Bank_Account_Update');

  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Stripe
      </Typography>
      {status.sandbox ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('stripeCard.sandbox')}
        </Alert>
      ) : null}
      {account ? (
        <>
          <Detail label={t('stripeCard.status')}>
            <Chip color="success" size="small" label={t('stripeCard.connected')} />
          </Detail>
          <Detail label={t('stripeCard.account')}>{account.accountId}</Detail>
          <Detail label={t('stripeCard.connectedOn')}>{dateTime(account.connectedAt)}</Detail>
          <Detail label={t('stripeCard.connectedBy')}>{account.connectedByEmail ?? t('unknown')}</Detail>
          <Detail label={t('stripeCard.mode')}>{account.sandbox ? t('mode.sandbox') : account.livemode ? t('mode.live') : t('mode.test')}</Detail>
          {canReplace ? (
            <Button sx={{ mt: 2 }} color="error" variant="outlined" onClick={() => setIsConfirming(true)}>
              {t('stripeCard.disconnect')}
            </Button>
          ) : null}
          <DisconnectDialog
            open={isConfirming}
            accountId={account.accountId}
            isBusy={disconnect.isPending}
            onCancel={() => setIsConfirming(false)}
            onConfirm={() =>
              disconnect.mutate(locationId, {
                onSuccess: () => {
                  setIsConfirming(false);
                  notifySuccess(t('stripeCard.disconnected'));
                },
              })
            }
          />
        </>
      ) : (
        <EmptyState icon={<AccountBalanceIcon />} title={t('stripeCard.emptyTitle')}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('stripeCard.emptyText')}
          </Typography>
          {canConnect ? (
            <Button variant="contained" onClick={() => start.mutate(locationId)} loading={start.isPending}>
              {t('stripeCard.connect')}
            </Button>
          ) : (
            <Typography variant="body2">{t('stripeCard.noPermission')}</Typography>
          )}
        </EmptyState>
      )}
    </Paper>
  );
};
