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
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

/** Upload a firmware image: its version, the models it fits and, from the vendor, its SHA-256 to check the upload against. */
export const FirmwareUploadDialog = ({ onClose }: { onClose: () => void }) => {
  const t = useT(firmwareText);
  const common = useT(commonText);
  const [version, setVersion] = useState('');
  const [models, setModels] = useState('');
  const [sha256, setSha256] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const mutation = useUploadFirmwareImage();
  const messages = mutation.error instanceof ApiError ? mutation.error.messages : mutation.error ? [mutation.error.message] : [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="firmware-upload-title" fullWidth maxWidth="sm">
      <DialogTitle id="firmware-upload-title">{t('upload.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('upload.help', { size: FIRMWARE_MAX_BYTES / 1024 / 1024 })}</DialogContentText>
        <TextField
          label={t('upload.version')}
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          fullWidth
          margin="normal"
          required
          autoFocus
        />
        <TextField
          label={t('upload.models')}
          helperText={t('upload.modelsHelp')}
          value={models}
          onChange={(e) => setModels(e.target.value)}
          fullWidth
          margin="normal"
          required
        />
        <TextField label={t('upload.sha256')} value={sha256} onChange={(e) => setSha256(e.target.value)} fullWidth margin="normal" />
        <Button component="label" role={undefined} tabIndex={-1} variant="outlined" sx={{ mt: 1 }}>
          {file ? file.name : t('upload.choose')}
          <input
            style={VISUALLY_HIDDEN}
            type="file"
            aria-label={t('upload.fileLabel')}
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              const tooLarge = chosen && chosen.size > FIRMWARE_MAX_BYTES;
              setFileError(tooLarge ? t('upload.tooLarge', { size: FIRMWARE_MAX_BYTES / 1024 / 1024 }) : undefined);
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
        <Button onClick={onClose}>{common('cancel')}</Button>
        <Button
          variant="contained"
          disabled={!file || !version.trim() || !models.trim()}
          loading={mutation.isPending}
          onClick={() => file && mutation.mutate({ version, models, sha256, file }, { onSuccess: onClose })}
        >
          {t('upload.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
