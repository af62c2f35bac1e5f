import type { ResellerBalance, ResellerPayoutsResponse } from '@wattdesk/shared/schemas/reseller-payouts';
import { formatDateTime } from '@wattdesk/shared/format';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDisconnectResellerStripe, useStartResellerConnect, useTransferToReseller } from '../api/reseller-payouts-api.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ResellerTransferDialog } from './reseller-transfer-dialog.tsx';
import { partsText } from '../../../components/parts-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

type Props = { data: ResellerPayoutsResponse; canAct: boolean };

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Stack spacing={0.25} sx={{ minWidth: 140 }}>
    <Typography variant="body2" color="text.secondary">
      {label}
    </Typography>
    <Typography variant="h6" component="p">
      {value}
    </Typography>
  </Stack>
);

/**
 * The reseller's own payouts (issue 43 part 3): its connected Stripe account, its share collected from drivers and
 * partners, what is available, and its transfers. Connect, disconnect and transfer only for those who may act.
 */
export const ResellerPayoutsCard = ({ data, canAct }: Props) => {
  const connect = useStartResellerConnect();
  const t = useT(payoutsText);
  const common = useT(partsText);
  const disconnect = useDisconnectResellerStripe();
  const transfer = useTransferToReseller();
  const [confirming, setConfirming] = useState<ResellerBalance | null>(null);
  const [isDisconnecting, setIsDisconnecting] = useState(false);
  // One key per confirmed transfer: a repeated click or a retried request pays once.
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const money = (minor: number, currency: string) => formatMinor(minor, currency);

  const confirm = () => {
    if (!confirming) return;
    transfer.mutate(
      { currency: confirming.currency, idempotencyKey: requestKey },
      {
        onSettled: () => {
          setConfirming(null);
          setRequestKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="reseller-payouts-title">
      <CardContent>
        <Typography variant="subtitle1" component="h2" id="reseller-payouts-title" gutterBottom>
          {t('reseller.title')}
        </Typography>
        {data.account ? (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography>{t('reseller.receives', { accountId: data.account.accountId })}</Typography>
            {canAct ? (
              // Named apart from the location's own Stripe buttons on the same page, and asked before it acts.
              <Button color="error" onClick={() => setIsDisconnecting(true)} loading={disconnect.isPending}>
                {t('reseller.disconnect')}
              </Button>
            ) : null}
          </Stack>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
            <Typography>{t('reseller.none')}</Typography>
            {canAct ? (
              <Button variant="contained" onClick={() => connect.mutate()} loading={connect.isPending}>
                {t('reseller.connect')}
              </Button>
            ) : null}
          </Stack>
        )}
        {data.balances.length === 0 ? <Alert severity="info">{t('reseller.nothingEarned')}</Alert> : null}
        {data.balances.map((balance) => (
          <Stack key={balance.currency} direction="row" spacing={3} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
            <Figure label={t('reseller.available', { currency: balance.currency })} value={money(balance.available, balance.currency)} />
            <Figure label={t('balance.collected')} value={money(balance.collected, balance.currency)} />
            <Figure label={t('balance.paid')} value={money(balance.paidOut, balance.currency)} />
            <Figure label={t('balance.earned')} value={money(balance.earned, balance.currency)} />
            {canAct ? (
              <Button variant="contained" disabled={!data.account || balance.available <= 0} onClick={() => setConfirming(balance)}>
                {t('reseller.transfer', { currency: balance.currency })}
              </Button>
            ) : null}
          </Stack>
        ))}
        {data.transfers.length > 0 ? (
          <Table size="small" aria-label={t('reseller.transfers')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reseller.requested')}</TableCell>
                <TableCell align="right">{t('transfers.amount')}</TableCell>
                <TableCell>{t('transfers.status')}</TableCell>
                <TableCell>{t('reseller.destination')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.transfers.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{formatDateTime(row.createdAt)}</TableCell>
                  <TableCell align="right">{money(row.amount, row.currency)}</TableCell>
                  <TableCell>
                    {row.failureReason
                      ? t('reseller.statusWithReason', { status: common(`transferStatus.${row.status}`), reason: row.failureReason })
                      : common(`transferStatus.${row.status}`)}
                  </TableCell>
                  <TableCell>{row.destination}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
        {data.account ? (
          <ConfirmDialog
            open={isDisconnecting}
            title={t('reseller.disconnectTitle')}
            confirmLabel={t('stripeCard.disconnect')}
            isDestructive
            isBusy={disconnect.isPending}
            onConfirm={() => disconnect.mutate(undefined, { onSettled: () => setIsDisconnecting(false) })}
            onClose={() => setIsDisconnecting(false)}
          >
            {t('reseller.disconnectText')}
          </ConfirmDialog>
        ) : null}
      </CardContent>
      <ResellerTransferDialog
        open={confirming !== null}
        amount={confirming ? money(confirming.available, confirming.currency) : ''}
        accountId={data.account?.accountId ?? ''}
        isBusy={transfer.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={confirm}
      />
    </Card>
  );
};
