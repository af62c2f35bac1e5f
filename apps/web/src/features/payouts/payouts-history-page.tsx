import type { BankAccount } from '@wattdesk/shared/schemas/bank-accounts';
import { failureMessages } from '@wattdesk/shared/messages';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ChooseLocation } from '../../components/choose-location.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { PageLoader } from '../../components/page-loader.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCan } from '../../lib/can.tsx';
import { notifyError, notifySuccess } from '../../lib/notify.tsx';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { downloadStatement, useBalance, useStartTransfer, useTransfers } from './api/payouts-api.ts';
import { useBankAccount } from './api/bank-account-api.ts';
import { BalanceCard } from './components/balance-card.tsx';
import { DealsCard } from './components/deals-card.tsx';
import { RefundDialog } from './components/refund-dialog.tsx';
import { RevenueShareCard } from './components/revenue-share-card.tsx';
import { TransfersTable } from './components/transfers-table.tsx';
import { useT, type Translate } from '../../i18n/use-t.ts';
import { payoutsText, type PayoutsKey } from './payouts-text.ts';

/** Where the money ends up, when a bank account is linked on Payouts Account. */
const bankLine = (t: Translate<PayoutsKey>, account: BankAccount | null | undefined) =>
  account
    ? t('bank.line', { institution: account.institutionName, subtype: account.accountSubtype ?? t('bank.account'), mask: account.mask ?? '????' })
    : t('bank.unknown');

const messageOf = (error: unknown) => (error instanceof ApiError ? error.messages.join(': ') : failureMessages.transfer);

const History = ({ locationId }: { locationId: string }) => {
  const can = useCan();
  const t = useT(payoutsText);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 });
  const [confirming, setConfirming] = useState(false);
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  // A session's page links here with ?refundSession=<id>: the refund dialog opens for that session.
  const [params, setParams] = useSearchParams();
  const [refunding, setRefunding] = useState<string | null>(() => params.get('refundSession'));
  const closeRefund = () => {
    setRefunding(null);
    if (params.has('refundSession')) setParams({}, { replace: true });
  };
  const balance = useBalance(locationId);
  const transfers = useTransfers({ locationId, ...paging });
  const bank = useBankAccount(can('Payouts_Account_View') ? locationId : undefined);
  const transfer = useStartTransfer();
  const available = balance.data?.balances.find((entry) => entry.available > 0);

  const download = (format: 'csv' | 'pdf') => downloadStatement(locationId, month, format).catch((error: unknown) => notifyError(messageOf(error)));
  const send = () =>
    transfer.mutate(locationId, {
      onSuccess: (result) => notifySuccess(result.msg[0] ?? t('transfer.sent')),
      onError: (error) => notifyError(messageOf(error)),
      onSettled: () => setConfirming(false),
    });

  return (
    <Stack spacing={3}>
      {balance.isPending ? (
        <PageLoader label={t('loadingBalance')} />
      ) : balance.isError ? (
        <Alert severity="info">{balance.error.message}</Alert>
      ) : (
        <>
          {balance.data.balances.map((entry) => (
            <BalanceCard key={entry.currency} balance={entry} />
          ))}
          {can('Payouts_Transfer') && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button variant="contained" disabled={!available || !balance.data.connected} onClick={() => setConfirming(true)}>
                {t('transfer.open')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setRefunding('')}>
                {t('refund.open')}
              </Button>
              {!balance.data.connected && <Typography color="text.secondary">{t('transfer.notConnected')}</Typography>}
            </Stack>
          )}
        </>
      )}
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2">
              {t('statement.title')}
            </Typography>
            <TextField
              label={t('statement.month')}
              type="month"
              size="small"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button variant="outlined" onClick={() => void download('csv')} disabled={!month}>
              {t('statement.csv')}
            </Button>
            <Button variant="outlined" onClick={() => void download('pdf')} disabled={!month}>
              {t('statement.pdf')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('statement.note')}
          </Typography>
        </CardContent>
      </Card>
      <RevenueShareCard locationId={locationId} timeZone={transfers.data?.timeZone ?? 'UTC'} />
      <DealsCard locationId={locationId} currency={balance.data?.balances[0]?.currency ?? 'USD'} />
      {transfers.isPending ? (
        <PageLoader label={t('loadingPayouts')} />
      ) : transfers.isError ? (
        <Alert severity="error">{transfers.error.message}</Alert>
      ) : (
        <TransfersTable data={transfers.data} onPage={(page, pageSize) => setPaging({ page, pageSize })} />
      )}
      {refunding !== null && can('Payouts_Transfer') && (
        <RefundDialog locationId={locationId} currency={balance.data?.balances[0]?.currency ?? 'USD'} sessionId={refunding} onClose={closeRefund} />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('transfer.confirmTitle')}
        confirmLabel={t('transfer.confirm')}
        isBusy={transfer.isPending}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      >
        {available
          ? t('transfer.confirmText', { amount: formatMinor(available.available, available.currency), bank: bankLine(t, bank.data?.account) })
          : t('transfer.nothing')}
      </ConfirmDialog>
    </Stack>
  );
};

/** /dashboard/profile/payouts-history: balance, payouts with their status, statements and transfers on demand. */
export const PayoutsHistoryPage = () => {
  const locationId = useSelectedLocation((state) => state.locationId) ?? undefined;
  const t = useT(payoutsText);
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {locationId ? <History locationId={locationId} /> : <ChooseLocation purpose={t('choosePurpose')} />}
    </>
  );
};
