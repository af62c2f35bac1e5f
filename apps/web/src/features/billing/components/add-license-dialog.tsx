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

type Props = { open: boolean; suggested: number; isBusy: boolean; onClose: () => void; onAdd: (seats: number) => void };

/** Seats for a new licence: a whole number from 1 to the maximum, checked before anything is sent. */
export const AddLicenseDialog = ({ open, suggested, isBusy, onClose, onAdd }: Props) => {
  const [text, setText] = useState(String(suggested));
  const seats = Number(text);
  const error = !/^\d+$/.test(text.trim())
    ? 'Seats must be a whole number'
    : seats < 1
      ? 'Seats must be at least 1'
      : seats > LICENSE_MAX_SEATS
        ? `Seats must be at most ${formatCount(LICENSE_MAX_SEATS)}`
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
        <DialogTitle id="add-license-title">Add a license</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            A license gives its number of chargers a seat for {LICENSE_TERM_MONTHS} months and renews itself unless you turn renewal off.
          </DialogContentText>
          <TextField
            label="Seats (chargers)"
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
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy} disabled={Boolean(error)}>
            Add license
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
