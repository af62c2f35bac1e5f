import type { BankAccountStatus, BankLinkToken } from '@wattdesk/shared/schemas/bank-accounts';
import { bankLinkingSandboxNotice } from '@wattdesk/shared/messages';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/can.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useLocationTimeZone } from '../../../lib/queries/locations.ts';
import { useCreateLinkToken, useRemoveBankAccount, useSaveBankAccount, useUpdateBankAccount } from '../api/bank-account-api.ts';
import { BankLink } from './bank-link.tsx';
import type { LinkSuccess } from './link-success.ts';

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

const messagesOf = (error: Error) => (error instanceof ApiError ? error.messages : [error.message]);

/** The bank account payouts are paid into (linked through Plaid): link, change, or remove after confirming. */
export const BankAccountCard = ({ locationId, status }: { locationId: string; status: BankAccountStatus }) => {
  const timeZone = useLocationTimeZone(locationId);
  const canChange = useCan()('Bank_Account_Update');
  const linkToken = useCreateLinkToken();
  const save = useSaveBankAccount();
  const update = useUpdateBankAccount();
  const remove = useRemoveBankAccount();
  const [token, setToken] = useState<BankLinkToken>();
  const [isConfirming, setIsConfirming] = useState(false);
  const { account } = status;
  const error = linkToken.error ?? save.error ?? update.error ?? remove.error;

  const startLink = () => {
    for (const mutation of [save, update, remove]) mutation.reset();
    linkToken.mutate(locationId, { onSuccess: setToken });
  };
  const linked: LinkSuccess = (publicToken, metadata) => {
    setToken(undefined);
    const body = { locationId, publicToken, ...(metadata.accounts[0] ? { accountId: metadata.accounts[0].id } : {}) };
    (account ? update : save).mutate(body, { onSuccess: (result) => notifySuccess(result.msg[0] ?? '') });
  };

  return (
    <Paper sx={{ p: 3, mt: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        Bank account
      </Typography>
      {status.sandbox ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {bankLinkingSandboxNotice} This server has no Plaid keys, so bank accounts are linked through Wattdesk's local Plaid sandbox.
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {messagesOf(error).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </Alert>
      ) : null}
      {account ? (
        <>
          <Detail label="Bank">{account.institutionName}</Detail>
          <Detail label="Account">
            {account.accountName} ••••{account.mask ?? '????'}
          </Detail>
          <Detail label="Type">{account.accountSubtype ?? account.accountType}</Detail>
          <Detail label="Receives payouts of">
            {account.payoutsFrom ? `Stripe account ${account.payoutsFrom}` : 'No Stripe account: not a payout destination yet'}
          </Detail>
          <Detail label="Linked on">{formatDateTime(account.linkedAt, timeZone)}</Detail>
          <Detail label="Linked by">{account.linkedByEmail ?? 'unknown'}</Detail>
          {canChange ? (
            <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={startLink} loading={linkToken.isPending || update.isPending}>
                Change bank account
              </Button>
              <Button variant="outlined" color="error" onClick={() => setIsConfirming(true)}>
                Remove bank account
              </Button>
            </Stack>
          ) : null}
        </>
      ) : (
        <EmptyState icon={<AccountBalanceIcon />} title="No bank account linked">
          <Typography variant="body2" sx={{ mb: 2 }}>
            Link the bank account this location&apos;s payouts are paid into. Only the bank&apos;s name, the last four digits and the account type are
            kept.
          </Typography>
          {canChange ? (
            <Button variant="contained" onClick={startLink} loading={linkToken.isPending || save.isPending}>
              Link bank account
            </Button>
          ) : (
            <Typography variant="body2">An administrator with the bank-account permission can link one.</Typography>
          )}
        </EmptyState>
      )}
      {token ? <BankLink token={token} onSuccess={linked} onExit={() => setToken(undefined)} /> : null}
      <ConfirmDialog
        open={isConfirming}
        title="Remove the bank account?"
        confirmLabel="Remove"
        isDestructive
        isBusy={remove.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          remove.mutate(locationId, {
            onSuccess: (result) => {
              setIsConfirming(false);
              notifySuccess(result.msg[0] ?? '');
            },
            onError: () => setIsConfirming(false),
          })
        }
      >
        Payouts of this location will have no bank account to go to until one is linked again, and Wattdesk loses access to{' '}
        {account ? `${account.institutionName} ••••${account.mask ?? ''}` : 'it'}.
      </ConfirmDialog>
    </Paper>
  );
};
