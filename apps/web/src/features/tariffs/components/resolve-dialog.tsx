import type { Violation } from '@wattdesk/shared/schemas/tariffs';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import { fieldLabels, validationMessages } from '@wattdesk/shared/messages';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useResolveViolation } from '../api/violations-api.ts';

/** Waive (a reason is required, and recorded) or mark paid one open violation. */
export const ResolveDialog = ({ violation, action, onClose }: { violation: Violation; action: 'waived' | 'paid'; onClose: () => void }) => {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const resolve = useResolveViolation();
  const error = action === 'waived' && touched && !reason.trim() ? validationMessages.required(fieldLabels.reason) : undefined;
  const submit = () => {
    setTouched(true);
    if (action === 'waived' && !reason.trim()) return;
    resolve.mutate({ id: violation.id, status: action, reason: reason.trim() }, { onSuccess: onClose });
  };
  const title = action === 'waived' ? 'Waive this violation?' : 'Mark this violation paid?';
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
          {violation.idTag} on {violation.chargerName}, session {violation.transactionId}: {formatMinor(violation.amount, violation.currency)}.
          {action === 'waived' ? ' The fee comes off the session’s price; the waiver and its reason go to the activity log.' : ''}
        </DialogContentText>
        <TextField
          autoFocus
          fullWidth
          multiline
          minRows={2}
          label={action === 'waived' ? 'Reason' : 'Note (optional)'}
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
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={resolve.isPending}>
          {action === 'waived' ? 'Waive' : 'Mark paid'}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
