import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DriverPaymentMethod } from '@wattdesk/shared/schemas/driver-payments';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { useCan } from '../../../lib/can.tsx';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { useDriverPaymentMethod, useDriverPayments, useRemoveDriverCard, useStartDriverCard } from '../api/driver-payments-api.ts';
import { SessionPaymentsTable } from '../../../components/session-payments-table.tsx';
import { driversText } from '../drivers-text.ts';

const CardOnFile = ({ method }: { method: DriverPaymentMethod }) => {
  const t = useT(driversText);
  const { card } = method;
  if (!card) return <Typography color="text.secondary">{t('payment.noCard')}</Typography>;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }} data-testid="driver-card-on-file">
          {card.brand} •••• {card.last4}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('payment.expires', { month: String(card.expMonth).padStart(2, '0'), year: String(card.expYear) })}
        </Typography>
      </Box>
      {card.status === 'requires_update' ? (
        <Chip size="small" color="error" label={t('payment.needsNewCard')} />
      ) : (
        <Chip size="small" color="success" label={t('payment.active')} />
      )}
    </Stack>
  );
};

/**
 * The driver's "Payment" tab: the card its sessions are charged to (a sub-user's is its main user's), Add/Replace
 * through the provider's card page, Remove after a confirmation, and the account's session payments.
 */
export const DriverPaymentPanel = ({ driverId }: { driverId: string }) => {
  const t = useT(driversText);
  const can = useCan();
  const method = useDriverPaymentMethod(driverId);
  const start = useStartDriverCard();
  const remove = useRemoveDriverCard();
  const [confirming, setConfirming] = useState(false);
  const table = useServerTable({ pageSize: 10 });
  const history = useDriverPayments(driverId, table.params);
  const data = method.data;
  const isSubUser = data ? data.accountDriverId !== data.driverId : false;

  return (
    <Stack spacing={2}>
      {method.isPending ? <Typography>{t('common.loading')}</Typography> : null}
      {data ? (
        <>
          {data.hasFailedPayment ? <Alert severity="error">{t('payment.failed')}</Alert> : null}
          {isSubUser ? <Alert severity="info">{t('payment.subUser')}</Alert> : null}
          {data.sandbox ? <Alert severity="info">{t('payment.sandbox')}</Alert> : null}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <CardOnFile method={data} />
            <Box sx={{ flex: 1 }} />
            {can('Drivers_Update') ? (
              <>
                <Button variant={data.card ? 'outlined' : 'contained'} loading={start.isPending} onClick={() => start.mutate(driverId)}>
                  {data.card ? t('payment.replace') : t('payment.add')}
                </Button>
                {data.card ? (
                  <Button color="error" onClick={() => setConfirming(true)}>
                    {t('payment.remove')}
                  </Button>
                ) : null}
              </>
            ) : null}
          </Stack>
        </>
      ) : null}
      <SessionPaymentsTable
        label={t('payment.history')}
        rows={history.data?.items ?? []}
        total={history.data?.total ?? 0}
        isLoading={history.isFetching}
        table={table}
        withDriver={false}
        noRowsLabel={t('payment.noHistory')}
      />
      <ConfirmDialog
        open={confirming}
        title={t('payment.removeTitle')}
        confirmLabel={t('payment.removeConfirm')}
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(driverId, { onSuccess: () => setConfirming(false) })}
      >
        {t('payment.removeText')}
      </ConfirmDialog>
    </Stack>
  );
};
