import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DriverPaymentMethod } from '@wattdesk/shared/schemas/driver-payments';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useCan } from '../../../lib/can.tsx';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { useDriverPaymentMethod, useDriverPayments, useRemoveDriverCard, useStartDriverCard } from '../api/driver-payments-api.ts';
import { SessionPaymentsTable } from '../../../components/session-payments-table.tsx';

const CardOnFile = ({ method }: { method: DriverPaymentMethod }) => {
  const { card } = method;
  if (!card) return <Typography color="text.secondary">No card on file</Typography>;
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }} data-testid="driver-card-on-file">
          {card.brand} •••• {card.last4}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Expires {String(card.expMonth).padStart(2, '0')}/{card.expYear}
        </Typography>
      </Box>
      {card.status === 'requires_update' ? (
        <Chip size="small" color="error" label="Needs a new card" />
      ) : (
        <Chip size="small" color="success" label="Active" />
      )}
    </Stack>
  );
};

/**
 * The driver's "Payment" tab: the card its sessions are charged to (a sub-user's is its main user's), Add/Replace
 * through the provider's card page, Remove after a confirmation, and the account's session payments.
 */
export const DriverPaymentPanel = ({ driverId }: { driverId: string }) => {
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
      {method.isPending ? <Typography>Loading…</Typography> : null}
      {data ? (
        <>
          {data.hasFailedPayment ? (
            <Alert severity="error">A payment failed after its retries: chargers refuse this account until the card is replaced.</Alert>
          ) : null}
          {isSubUser ? <Alert severity="info">A sub-user&apos;s sessions are charged to its main user&apos;s card.</Alert> : null}
          {data.sandbox ? (
            <Alert severity="info">Local sandbox: use Stripe&apos;s test cards (4242 4242 4242 4242 pays, 4000 0000 0000 0341 declines).</Alert>
          ) : null}
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <CardOnFile method={data} />
            <Box sx={{ flex: 1 }} />
            {can('Drivers_Update') ? (
              <>
                <Button variant={data.card ? 'outlined' : 'contained'} loading={start.isPending} onClick={() => start.mutate(driverId)}>
                  {data.card ? 'Replace card' : 'Add card'}
                </Button>
                {data.card ? (
                  <Button color="error" onClick={() => setConfirming(true)}>
                    Remove card
                  </Button>
                ) : null}
              </>
            ) : null}
          </Stack>
        </>
      ) : null}
      <SessionPaymentsTable
        label="Session payments of the driver"
        rows={history.data?.items ?? []}
        total={history.data?.total ?? 0}
        isLoading={history.isFetching}
        table={table}
        withDriver={false}
        noRowsLabel="No session of this account has been priced yet"
      />
      <ConfirmDialog
        open={confirming}
        title="Remove the card on file?"
        confirmLabel="Remove"
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => remove.mutate(driverId, { onSuccess: () => setConfirming(false) })}
      >
        Later sessions wait for a new card; where the location refuses drivers without a card, its chargers refuse this account.
      </ConfirmDialog>
    </Stack>
  );
};
