import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import { useT } from '../i18n/use-t.ts';
import { commonText } from './common-text.ts';

const CancelText = () => useT(commonText)('cancel');
import type { ReactNode } from 'react';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Destructive actions get a red button. */
  isDestructive?: boolean;
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before an action that is hard to undo; Cancel has the focus so Enter does not confirm by accident. */
export const ConfirmDialog = ({ open, title, children, confirmLabel, isDestructive, isBusy, onConfirm, onClose }: ConfirmDialogProps) => (
  <Dialog
    open={open}
    onClose={isBusy ? undefined : onClose}
    aria-labelledby="confirm-dialog-title"
    slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
  >
    <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
    <DialogContent>
      <DialogContentText component="div">{children}</DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onClose} disabled={isBusy} autoFocus>
        <CancelText />
      </Button>
      <Button onClick={onConfirm} variant="contained" color={isDestructive ? 'error' : 'primary'} loading={isBusy}>
        {confirmLabel}
      </Button>
    </DialogActions>
  </Dialog>
);
