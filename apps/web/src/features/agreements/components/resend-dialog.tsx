import type { Agreement } from '@wattdesk/shared/schemas/agreements';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useResendAgreement } from '../api/agreements-api.ts';
import { defaultExpiry } from './send-agreement-form.ts';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { agreementsText } from '../agreements-text.ts';

/** Sends the signing link again; an expired agreement gets a new expiry date first. */
export const ResendDialog = ({ agreement, onClose }: { agreement: Agreement; onClose: () => void }) => {
  const t = useT(agreementsText);
  const tc = useT(commonText);
  const resend = useResendAgreement();
  const isExpired = agreement.status === 'expired';
  const [expiresOn, setExpiresOn] = useState(defaultExpiry());
  const handleResend = () =>
    resend.mutate(
      { id: agreement.id, ...(isExpired ? { expiresAt: new Date(`${expiresOn}T23:59:59`).toISOString() } : {}) },
      {
        onSuccess: () => {
          notifySuccess(t('resend.sent', { email: agreement.signerEmail }));
          onClose();
        },
      },
    );
  return (
    <Dialog
      open
      onClose={resend.isPending ? undefined : onClose}
      aria-labelledby="resend-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <DialogTitle id="resend-title">{t('resend.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t(isExpired ? 'resend.textExpired' : 'resend.text', {
            property: agreement.propertyName,
            signer: agreement.signerName,
            email: agreement.signerEmail,
          })}
        </DialogContentText>
        {isExpired ? (
          <TextField
            label={t('resend.expiresOn')}
            type="date"
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.target.value)}
            margin="normal"
            fullWidth
            autoFocus
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={resend.isPending}>
          {tc('cancel')}
        </Button>
        <Button variant="contained" onClick={handleResend} loading={resend.isPending} disabled={isExpired && !expiresOn} autoFocus={!isExpired}>
          {t('resend.resend')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
