import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type Props = { open: boolean; amount: string; accountId: string; isBusy: boolean; onCancel: () => void; onConfirm: () => void };

export const ResellerTransferDialog = ({ open, amount, accountId, isBusy, onCancel, onConfirm }: Props) => (
  <Dialog
    open={open}
    onClose={isBusy ? undefined : onCancel}
    aria-labelledby="reseller-transfer-title"
    slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
  >
    <DialogTitle id="reseller-transfer-title">Transfer {amount}?</DialogTitle>
    <DialogContent>
      <DialogContentText>
        {amount} of the reseller share that drivers and partners have paid will be sent to Stripe account {accountId}. This cannot be undone here.
      </DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel} disabled={isBusy} autoFocus>
        Cancel
      </Button>
      <Button onClick={onConfirm} variant="contained" loading={isBusy}>
        Transfer
      </Button>
    </DialogActions>
  </Dialog>
);
