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

type Props = { open: boolean; amount: string; accountId: string; isBusy: boolean; onCancel: () => void; onConfirm: () => void };

export const ResellerTransferDialog = ({ open, amount, accountId, isBusy, onCancel, onConfirm }: Props) => {
  const t = useT(payoutsText);
  const common = useT(commonText);
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onCancel}
      aria-labelledby="reseller-transfer-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <DialogTitle id="reseller-transfer-title">{t('resellerTransfer.title', { amount })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('resellerTransfer.text', { amount, accountId })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isBusy} autoFocus>
          {common('cancel')}
        </Button>
        <Button onClick={onConfirm} variant="contained" loading={isBusy}>
          {t('transfer.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
