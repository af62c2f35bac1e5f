import type { Violation } from '@wattdesk/shared/schemas/tariffs';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import { validationMessages } from '@wattdesk/shared/messages';
import { fieldLabels } from '@wattdesk/shared/schema-messages';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { commonText } from '../../../components/common-text.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { useResolveViolation } from '../api/violations-api.ts';
import { violationsText } from '../violations-text.ts';

/** Waive (a reason is required, and recorded) or mark paid one open violation. */
export const ResolveDialog = ({ violation, action, onClose }: { violation: Violation; action: 'waived' | 'paid'; onClose: () => void }) => {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const resolve = useResolveViolation();
  const t = useT(violationsText);
  const common = useT(commonText);
  const sentence = useSentence();
  const error = action === 'waived' && touched && !reason.trim() ? sentence(validationMessages.required(fieldLabels.reason)) : undefined;
  const submit = () => {
    setTouched(true);
    if (action === 'waived' && !reason.trim()) return;
    resolve.mutate({ id: violation.id, status: action, reason: reason.trim() }, { onSuccess: onClose });
  };
  const title = action === 'waived' ? t('resolve.waiveTitle') : t('resolve.paidTitle');
  return (
    <Dialog
      open
      onClose={resolve.isPending ? undefined : onClose}
      aria-labelledby="resolve-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <DialogTitle id="resolve-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {t('resolve.summary', {
            idTag: violation.idTag,
            charger: violation.chargerName,
            session: String(violation.transactionId),
            amount: formatMinor(violation.amount, violation.currency),
          })}
          {action === 'waived' ? ` ${t('resolve.waiveNote')}` : ''}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={action === 'waived' ? t('resolve.reason') : t('resolve.note')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          onBlur={() => setTouched(true)}
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={resolve.isPending}>
          {common('cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={resolve.isPending}>
          {action === 'waived' ? t('resolve.waive') : t('resolve.markPaid')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
