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
import { useT } from '../../../i18n/use-t.ts';
import { accountText } from '../account-text.ts';

type Dialog = 'setup' | 'disable' | 'renew' | null;

/** Two-step sign-in with an authenticator app: status, set-up, new recovery codes, turning off. */
export const TwoStepSection = ({ account }: { account: Account }) => {
  const [dialog, setDialog] = useState<Dialog>(null);
  const t = useT(accountText);
  const disable = useDisableMfa();
  const renew = useRenewRecoveryCodes();
  const close = () => {
    setDialog(null);
    disable.reset();
    renew.reset();
  };
  if (account.authProvider !== 'password') {
    return <Typography variant="body2">{t('twoStep.sso')}</Typography>;
  }
  const { mfa } = account;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="body2">{t('twoStep.app')}</Typography>
        <Chip size="small" color={mfa.enabled ? 'success' : 'default'} label={mfa.enabled ? t('twoStep.on') : t('twoStep.off')} />
        {mfa.enabled ? (
          <Typography variant="body2" color="text.secondary">
            {t('twoStep.codesLeft', { count: mfa.recoveryCodesLeft })}
          </Typography>
        ) : null}
      </Box>
      {mfa.required && !mfa.enabled ? (
        <Typography variant="body2" color="warning.main">
          {t('twoStep.required')}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {mfa.enabled ? (
          <>
            <Button variant="outlined" onClick={() => setDialog('renew')}>
              {t('twoStep.newCodes')}
            </Button>
            {mfa.required ? null : (
              <Button variant="outlined" color="error" onClick={() => setDialog('disable')}>
                {t('twoStep.turnOff')}
              </Button>
            )}
          </>
        ) : (
          <Button variant="contained" onClick={() => setDialog('setup')}>
            {t('twoStep.setUp')}
          </Button>
        )}
      </Box>
      {dialog === 'setup' ? <TotpSetupDialog email={account.email} onClose={close} /> : null}
      {dialog === 'disable' ? (
        <ConfirmOwnerDialog
          title={t('disable.title')}
          intro={t('disable.intro')}
          confirmLabel={t('disable.confirm')}
          isDestructive
          isBusy={disable.isPending}
          error={disable.error}
          onConfirm={(body) => disable.mutate(body, { onSuccess: close })}
          onClose={close}
        />
      ) : null}
      {dialog === 'renew' ? (
        <ConfirmOwnerDialog
          title={t('renew.title')}
          intro={t('renew.intro')}
          confirmLabel={t('renew.confirm')}
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
