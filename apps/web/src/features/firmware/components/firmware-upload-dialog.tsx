import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { FIRMWARE_MAX_BYTES } from '@wattdesk/shared/schemas/firmware';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { useUploadFirmwareImage } from '../api/firmware-api.ts';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

/** Upload a firmware image: its version, the models it fits and, from the vendor, its SHA-256 to check the upload against. */
export const FirmwareUploadDialog = ({ onClose }: { onClose: () => void }) => {
  const [version, setVersion] = useState('');
  const [models, setModels] = useState('');
  const [sha256, setSha256] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const mutation = useUploadFirmwareImage();
  const messages = mutation.error instanceof ApiError ? mutation.error.messages : mutation.error ? [mutation.error.message] : [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="firmware-upload-title" fullWidth maxWidth="sm">
      <DialogTitle id="firmware-upload-title">Upload firmware</DialogTitle>
      <DialogContent>
        <DialogContentText>
          The server computes the image’s SHA-256; give the vendor’s checksum to make sure the file arrived whole. Up to{' '}
          {FIRMWARE_MAX_BYTES / 1024 / 1024} MB.
        </DialogContentText>
        <TextField label="Version" value={version} onChange={(e) => setVersion(e.target.value)} fullWidth margin="normal" required autoFocus />
        <TextField
          label="Models"
          helperText="Charger models it fits, as chargers report them, separated by commas"
          value={models}
          onChange={(e) => setModels(e.target.value)}
          fullWidth
          margin="normal"
          required
        />
        <TextField label="SHA-256 (optional)" value={sha256} onChange={(e) => setSha256(e.target.value)} fullWidth margin="normal" />
        <Button component="label" role={undefined} tabIndex={-1} variant="outlined" sx={{ mt: 1 }}>
          {file ? file.name : 'Choose image file'}
          <input
            style={VISUALLY_HIDDEN}
            type="file"
            aria-label="Firmware image file"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const tooLarge = chosen && chosen.size > FIRMWARE_MAX_BYTES;
              setFileError(tooLarge ? `A firmware image may be at most ${FIRMWARE_MAX_BYTES / 1024 / 1024} MB` : undefined);
              setFile(tooLarge ? null : chosen);
              mutation.reset();
            }}
          />
        </Button>
        {fileError || messages.length ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {fileError ?? messages.join('. ')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!file || !version.trim() || !models.trim()}
          loading={mutation.isPending}
          onClick={() => file && mutation.mutate({ version, models, sha256, file }, { onSuccess: onClose })}
        >
          Upload
        </Button>
      </DialogActions>
    </Dialog>
  );
};
