import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

type Props = { open: boolean; accountId: string; isBusy: boolean; onCancel: () => void; onConfirm: () => void };

export const DisconnectDialog = ({ open, accountId, isBusy, onCancel, onConfirm }: Props) => (
  <Dialog
    open={open}
    onClose={isBusy ? undefined : onCancel}
    aria-labelledby="disconnect-title"
    slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
  >
    <DialogTitle id="disconnect-title">Disconnect Stripe?</DialogTitle>
    <DialogContent>
      <DialogContentText>
        Payouts of this location will stop going to {accountId}, and Wattdesk loses access to that Stripe account. You can connect an account again at
        any time.
      </DialogContentText>
    </DialogContent>
    <DialogActions>
      <Button onClick={onCancel} disabled={isBusy} autoFocus>
        Cancel
      </Button>
      <Button onClick={onConfirm} color="error" variant="contained" loading={isBusy}>
        Disconnect
      </Button>
    </DialogActions>
  </Dialog>
);
