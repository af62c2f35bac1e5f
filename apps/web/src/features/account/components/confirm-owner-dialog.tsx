import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import type { ConfirmWithPasswordAndCodeBody } from '@wattdesk/shared/schemas/account';
import { useState, type ReactNode } from 'react';
import { useT } from '../../../i18n/use-t.ts';
import { accountText } from '../account-text.ts';
import { commonText } from '../../../components/common-text.ts';

type ConfirmOwnerDialogProps = {
  title: string;
  intro: string;
  confirmLabel: string;
  isDestructive?: boolean;
  isBusy: boolean;
  error: Error | null;
  /** Shown instead of the form once done (new recovery codes). */
  result?: ReactNode;
  onConfirm: (body: ConfirmWithPasswordAndCodeBody) => void;
  onClose: () => void;
};

/** Password and a current code: what turning off two-step sign-in or renewing recovery codes asks for. */
export const ConfirmOwnerDialog = ({
  title,
  intro,
  confirmLabel,
  isDestructive,
  isBusy,
  error,
  result,
  onConfirm,
  onClose,
}: ConfirmOwnerDialogProps) => {
  const t = useT(accountText);
  const common = useT(commonText);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const submit = () => {
    const next = {
      ...(password ? {} : { password: t('owner.passwordRequired') }),
      ...(code.trim() ? {} : { code: t('owner.codeRequired') }),
    };
    setErrors(next);
    if (!next.password && !next.code) onConfirm({ password, code: code.trim() });
  };
  return (
    <Dialog
      open
      onClose={isBusy ? undefined : onClose}
      aria-labelledby="confirm-owner-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <DialogTitle id="confirm-owner-title">{title}</DialogTitle>
      <DialogContent>
        {result ?? (
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Typography variant="body2">{intro}</Typography>
            {error ? (
              <Alert severity="error" sx={{ mt: 1 }}>
                {error.message}
              </Alert>
            ) : null}
            <TextField
              label={t('owner.password')}
              type="password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={Boolean(errors.password)}
              helperText={errors.password}
              fullWidth
              margin="normal"
              autoComplete="current-password"
              autoFocus
            />
            <TextField
              label={t('owner.code')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={Boolean(errors.code)}
              helperText={errors.code}
              fullWidth
              margin="normal"
              autoComplete="one-time-code"
            />
            <button type="submit" hidden aria-hidden tabIndex={-1} />
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        {result ? (
          <Button variant="contained" onClick={onClose}>
            {t('done')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={isBusy}>
              {common('cancel')}
            </Button>
            <Button variant="contained" color={isDestructive ? 'error' : 'primary'} onClick={submit} loading={isBusy}>
              {confirmLabel}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
};
