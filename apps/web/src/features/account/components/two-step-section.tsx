import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Account } from '@wattdesk/shared/schemas/account';
import { useState } from 'react';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { useDisableMfa, useRenewRecoveryCodes } from '../api/account-api.ts';
import { ConfirmOwnerDialog } from './confirm-owner-dialog.tsx';
import { TotpSetupDialog } from './totp-setup-dialog.tsx';

type Dialog = 'setup' | 'disable' | 'renew' | null;

/** Two-step sign-in with an authenticator app: status, set-up, new recovery codes, turning off. */
export const TwoStepSection = ({ account }: { account: Account }) => {
  const [dialog, setDialog] = useState<Dialog>(null);
  const disable = useDisableMfa();
  const renew = useRenewRecoveryCodes();
  const close = () => {
    setDialog(null);
    disable.reset();
    renew.reset();
  };
  if (account.authProvider !== 'password') {
    return <Typography variant="body2">You sign in with single sign-on: your identity provider asks for the second step.</Typography>;
  }
  const { mfa } = account;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="body2">Authenticator app:</Typography>
        <Chip size="small" color={mfa.enabled ? 'success' : 'default'} label={mfa.enabled ? 'On' : 'Off'} />
        {mfa.enabled ? (
          <Typography variant="body2" color="text.secondary">
            {mfa.recoveryCodesLeft} of 10 recovery codes left
          </Typography>
        ) : null}
      </Box>
      {mfa.required && !mfa.enabled ? (
        <Typography variant="body2" color="warning.main">
          Your account type must use two-step sign-in.
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {mfa.enabled ? (
          <>
            <Button variant="outlined" onClick={() => setDialog('renew')}>
              New recovery codes
            </Button>
            {mfa.required ? null : (
              <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
                Turn off
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" onClick={() => setDialog('setup')}>
            Set up authenticator app
          </Button>
        )}
      </Box>
      {dialog === 'setup' ? <TotpSetupDialog email={account.email} onClose={close} /> : null}
      {dialog === 'disable' ? (
        <ConfirmOwnerDialog
          title="Turn off two-step sign-in?"
          intro="Signing in will need only your password. Confirm with your password and a current code."
          confirmLabel="Turn off"
          isDestructive
          isBusy={disable.isPending}
          error={disable.error}
          onConfirm={(body) => disable.mutate(body, { onSuccess: close })}
          onClose={close}
        />
      ) : null}
      {dialog === 'renew' ? (
        <ConfirmOwnerDialog
          title="New recovery codes"
          intro="Ten new codes replace the old ones, which stop working. Confirm with your password and a current code."
          confirmLabel="Create new codes"
          isBusy={renew.isPending}
          error={renew.error}
          result={renew.data ? <RecoveryCodes codes={renew.data.recoveryCodes} email={account.email} /> : undefined}
          onConfirm={(body) => renew.mutate(body)}
          onClose={close}
        />
      ) : null}
    </Box>
  );
};
