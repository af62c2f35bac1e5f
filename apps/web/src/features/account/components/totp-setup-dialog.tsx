import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { useEffect, useState } from 'react';
import { RecoveryCodes } from '../../../components/recovery-codes.tsx';
import { useBeginTotpSetup, useEnableTotp } from '../api/account-api.ts';
import { useT } from '../../../i18n/use-t.ts';
import { accountText } from '../account-text.ts';
import { commonText } from '../../../components/common-text.ts';

/** Scan the QR code (or type the key), confirm with a code, then keep the recovery codes shown once. */
export const TotpSetupDialog = ({ email, onClose }: { email: string; onClose: () => void }) => {
  const t = useT(accountText);
  const common = useT(commonText);
  const setup = useBeginTotpSetup();
  const enable = useEnableTotp();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const { mutate: begin } = setup;
  useEffect(() => begin(), [begin]);
  const recoveryCodes = enable.data?.recoveryCodes;

  const confirm = () => {
    if (!/^\d{6}$/.test(code.trim())) return setCodeError(t('totp.codeInvalid'));
    setCodeError(undefined);
    enable.mutate(code.trim());
  };

  return (
    <Dialog
      open
      onClose={enable.isPending ? undefined : onClose}
      aria-labelledby="totp-setup-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <DialogTitle id="totp-setup-title">{recoveryCodes ? t('totp.codesTitle') : t('totp.title')}</DialogTitle>
      <DialogContent>
        {recoveryCodes ? <RecoveryCodes codes={recoveryCodes} email={email} /> : null}
        {!recoveryCodes && setup.isPending ? <CircularProgress aria-label={common('loading')} /> : null}
        {setup.error ? <Alert severity="error">{setup.error.message}</Alert> : null}
        {!recoveryCodes && setup.data ? (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              confirm();
            }}
          >
            <Typography variant="body2">{t('totp.intro')}</Typography>
            <Box sx={{ display: 'flex', justifyContent: 'center', my: 2 }}>
              <img src={setup.data.qrCode} alt={t('totp.qrAlt')} width={200} height={200} />
            </Box>
            <Typography variant="caption" component="p" color="text.secondary">
              {t('totp.cannotScan')}{' '}
              <span data-testid="totp-secret" style={{ fontFamily: 'monospace' }}>
                {setup.data.secret}
              </span>
            </Typography>
            {enable.error ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {enable.error.message}
              </Alert>
            ) : null}
            <TextField
              label={t('totp.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={Boolean(codeError)}
              helperText={codeError}
              fullWidth
              margin="normal"
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code' } }}
            />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        {recoveryCodes ? (
          <Button variant="contained" onClick={onClose}>
            {t('done')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={enable.isPending}>
              {common('cancel')}
            </Button>
            <Button variant="contained" onClick={confirm} loading={enable.isPending} disabled={!setup.data}>
              {t('totp.turnOn')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
