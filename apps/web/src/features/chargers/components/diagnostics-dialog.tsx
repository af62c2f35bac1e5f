import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { chargersText } from '../chargers-text.ts';

type DiagnosticsBody = { location: string; startTime?: string; stopTime?: string };
type DiagnosticsDialogProps = { chargerName: string; isBusy: boolean; onRequest: (body: DiagnosticsBody) => void; onClose: () => void };

const UPLOAD_URL = /^(ftps?|https?):\/\/\S+$/;
/** An address, the same in every language. */
const EXAMPLE_LOCATION = 'ftp://diagnostics.example.com/uploads/';
/** A datetime-local value is the browser's local time; the API wants an instant. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** GetDiagnostics: where the charger uploads its file, and optionally which period it covers. */
export const DiagnosticsDialog = ({ chargerName, isBusy, onRequest, onClose }: DiagnosticsDialogProps) => {
  const t = useT(chargersText);
  const tc = useT(commonText);
  const [location, setLocation] = useState('');
  const [startTime, setStartTime] = useState('');
  const [stopTime, setStopTime] = useState('');
  const [error, setError] = useState<string | undefined>();
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const url = location.trim();
    const problem = !url ? t('diagnostics.locationRequired') : UPLOAD_URL.test(url) ? undefined : t('diagnostics.locationInvalid');
    setError(problem);
    if (problem) return;
    const start = toIso(startTime);
    const stop = toIso(stopTime);
    onRequest({ location: url, ...(start ? { startTime: start } : {}), ...(stop ? { stopTime: stop } : {}) });
  };
  return (
    <Dialog open onClose={isBusy ? undefined : onClose} aria-labelledby="diagnostics-title">
      <form noValidate onSubmit={handleSubmit}>
        <DialogTitle id="diagnostics-title">{t('diagnostics.title', { name: chargerName })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('diagnostics.text')}</DialogContentText>
          <TextField
            autoFocus
            required
            label={t('diagnostics.location')}
            placeholder={EXAMPLE_LOCATION}
            value={location}
            onChange={(event) => setLocation(event.target.value)}
            error={Boolean(error)}
            helperText={error}
          />
          <TextField
            type="datetime-local"
            label={t('diagnostics.from')}
            value={startTime}
            onChange={(event) => setStartTime(event.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="datetime-local"
            label={t('diagnostics.until')}
            value={stopTime}
            onChange={(event) => setStopTime(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: startTime || undefined } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isBusy}>
            {tc('cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={isBusy}>
            {t('diagnostics.confirm')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};
