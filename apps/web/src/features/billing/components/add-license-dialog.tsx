import { formatCount } from '@wattdesk/shared/format';
import { DIALOG_DEFAULT_WIDTH_PX, LICENSE_MAX_SEATS, LICENSE_TERM_MONTHS } from '@wattdesk/shared/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { billingText } from '../billing-text.ts';

type Props = { open: boolean; suggested: number; isBusy: boolean; onClose: () => void; onAdd: (seats: number) => void };

/** Seats for a new licence: a whole number from 1 to the maximum, checked before anything is sent. */
export const AddLicenseDialog = ({ open, suggested, isBusy, onClose, onAdd }: Props) => {
  const t = useT(billingText);
  const tc = useT(commonText);
  const [text, setText] = useState(String(suggested));
  const seats = Number(text);
  const error = !/^\d+$/.test(text.trim())
    ? t('addLicense.notWhole')
    : seats < 1
      ? t('addLicense.tooFew')
      : seats > LICENSE_MAX_SEATS
        ? t('addLicense.tooMany', { max: formatCount(LICENSE_MAX_SEATS) })
        : undefined;
  return (
    <Dialog
      open={open}
      onClose={isBusy ? undefined : onClose}
      aria-labelledby="add-license-title"
      slotProps={{ paper: { sx: { width: DIALOG_DEFAULT_WIDTH_PX } } }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!error) onAdd(seats);
        }}
      >
        <DialogTitle id="add-license-title">{t('addLicense.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('addLicense.text', { months: LICENSE_TERM_MONTHS })}</DialogContentText>
          <TextField
            label={t('addLicense.seats')}
            value={text}
            onChange={(event) => setText(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            autoFocus
            fullWidth
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isBusy} disabled={Boolean(error)}>
            {t('addLicense.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
