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
import { useSentence } from '../../../i18n/sentences.ts';
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

const messagesOf = (error: Error) => (error instanceof ApiError ? error.messages : [error.message]);

/** The bank account payouts are paid into (linked through Plaid): link, change, or remove after confirming. */
export const BankAccountCard = ({ locationId, status }: { locationId: string; status: BankAccountStatus }) => {
  const timeZone = useLocationTimeZone(locationId);
  const t = useT(payoutsText);
  const sentence = useSentence();
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
        {t('bankCard.title')}
      </Typography>
      {status.sandbox ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          {sentence(bankLinkingSandboxNotice)} {t('bankCard.sandbox')}
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
          <Detail label={t('bankCard.bank')}>{account.institutionName}</Detail>
          <Detail label={t('bankCard.account')}>
            {account.accountName} ••••{account.mask ?? '????'}
          </Detail>
          <Detail label={t('bankCard.type')}>{account.accountSubtype ?? account.accountType}</Detail>
          <Detail label={t('bankCard.receives')}>
            {account.payoutsFrom ? t('bankCard.fromStripe', { accountId: account.payoutsFrom }) : t('bankCard.noStripe')}
          </Detail>
          <Detail label={t('bankCard.linkedOn')}>{formatDateTime(account.linkedAt, timeZone)}</Detail>
          <Detail label={t('bankCard.linkedBy')}>{account.linkedByEmail ?? t('unknown')}</Detail>
          {canChange ? (
            <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
              <Button variant="outlined" onClick={startLink} loading={linkToken.isPending || update.isPending}>
                {t('bankCard.change')}
              </Button>
              <Button variant="outlined" color="error" onClick={() => setIsConfirming(true)}>
                {t('bankCard.remove')}
              </Button>
            </Stack>
          ) : null}
        </>
      ) : (
        <EmptyState icon={<AccountBalanceIcon />} title={t('bankCard.emptyTitle')}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('bankCard.emptyText')}
          </Typography>
          {canChange ? (
            <Button variant="contained" onClick={startLink} loading={linkToken.isPending || save.isPending}>
              {t('bankCard.link')}
            </Button>
          ) : (
            <Typography variant="body2">{t('bankCard.noPermission')}</Typography>
          )}
        </EmptyState>
      )}
      {token ? <BankLink token={token} onSuccess={linked} onExit={() => setToken(undefined)} /> : null}
      <ConfirmDialog
        open={isConfirming}
        title={t('bankCard.removeTitle')}
        confirmLabel={t('bankCard.removeConfirm')}
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
        {account ? t('bankCard.removeTextNamed', { bank: `${account.institutionName} ••••${account.mask ?? ''}` }) : t('bankCard.removeText')}
      </ConfirmDialog>
    </Paper>
  );
};
