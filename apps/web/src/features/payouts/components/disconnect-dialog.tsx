import { DIALOG_DEFAULT_WIDTH_PX } from '@wattdesk/shared/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { payoutsText } from '../payouts-text.ts';

type Props = { open: boolean; accountId: string; isBusy: boolean; onCancel: () => void; onConfirm: () => void };

export const DisconnectDialog = ({ open, accountId, isBusy, onCancel, onConfirm }: Props) => {
  const t = useT(payoutsText);
  const common = useT(commonText);
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onCancel}
      aria-labelledby="disconnect-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <DialogTitle id="disconnect-title">{t('disconnect.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('disconnect.text', { accountId })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isBusy} autoFocus>
          {common('cancel')}
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" loading={isBusy}>
          {t('stripeCard.disconnect')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
