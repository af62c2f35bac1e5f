import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';

type DiagnosticsBody = { location: string; startTime?: string; stopTime?: string };
type DiagnosticsDialogProps = { chargerName: string; isBusy: boolean; onRequest: (body: DiagnosticsBody) => void; onClose: () => void };

const UPLOAD_URL = /^(ftps?|https?):\/\/\S+$/;
/** A datetime-local value is the browser's local time; the API wants an instant. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** GetDiagnostics: where the charger uploads its file, and optionally which period it covers. */
export const DiagnosticsDialog = ({ chargerName, isBusy, onRequest, onClose }: DiagnosticsDialogProps) => {
  const [location, setLocation] = useState('');
  const [startTime, setStartTime] = useState('');
  const [stopTime, setStopTime] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = location.trim();
    const problem = !url
      ? 'Upload location is required'
      : UPLOAD_URL.test(url)
        ? undefined
        : 'Upload location must be an ftp://, ftps://, http:// or https:// address';
    setError(problem);
    if (problem) return;
    const start = toIso(startTime);
    const stop = toIso(stopTime);
    onRequest({ location: url, ...(start ? { startTime: start } : {}), ...(stop ? { stopTime: stop } : {}) });
  };
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby="diagnostics-title">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id="diagnostics-title">Request diagnostics from {chargerName}</DialogTitle>
        <DialogContent>
          <DialogContentText>The charger uploads a diagnostics file to this address and reports its name.</DialogContentText>
          <TextField
            autoFocus
            required
            label="Upload location"
            placeholder="ftp://diagnostics.example.com/uploads/"
            value={location}
            onChange={(event) => setLocation(event.target.value)}
            error={Boolean(error)}
            helperText={error}
          />
          <TextField
            type="datetime-local"
            label="From (optional)"
            value={startTime}
            onChange={(event) => setStartTime(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="datetime-local"
            label="Until (optional)"
            value={stopTime}
            onChange={(event) => setStopTime(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startTime || undefined } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            Request diagnostics
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
