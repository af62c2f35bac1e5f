import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { validatePhotoSize } from '@wattdesk/shared/validation';
import { useEffect, useMemo, useState } from 'react';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useChargerPhoto, useChargerPhotoFile, useUploadChargerPhoto } from '../api/manufacturing-api.ts';
import { useSentence } from '../../../i18n/sentences.ts';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

/** One object URL per blob, released when the blob changes or the panel goes away. */
const useObjectUrl = (blob: Blob | undefined) => {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return url;
};

/** The charger's photo; holders of Charger_Photo replace it (2 MB at most, checked before sending). */
export const ChargerPhotoPanel = ({ chargerId, chargerName, canUpload }: { chargerId: string; chargerName: string; canUpload: boolean }) => {
  const t = useT(firmwareText);
  const sentence = useSentence();
  const info = useChargerPhoto(chargerId);
  const photo = info.data?.photo;
  const file = useChargerPhotoFile(chargerId, photo?.uploadedAt);
  const url = useObjectUrl(file.data);
  const upload = useUploadChargerPhoto();
  const [sizeError, setSizeError] = useState<string>();
  const error = (sizeError ? sentence(sizeError) : undefined) ?? upload.error?.message;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        {t('photo.title')}
      </Typography>
      {info.isPending || file.isLoading ? <CircularProgress size={24} aria-label={t('photo.loading')} /> : null}
      {info.isError ? (
        <Alert severity="error">
          {t('photo.error')} {info.error.message}
        </Alert>
      ) : null}
      {info.data && !photo ? <Typography color="text.secondary">{t('photo.none')}</Typography> : null}
      {url && photo ? (
        <Box>
          <Box
            component="img"
            src={url}
            alt={t('photo.alt', { name: chargerName })}
            sx={{ maxWidth: 320, maxHeight: 240, display: 'block', borderRadius: 1 }}
          />
          <Typography variant="caption" color="text.secondary">
            {t('photo.uploaded', { time: formatDateTime(photo.uploadedAt), email: photo.uploadedBy })}
          </Typography>
        </Box>
      ) : null}
      {canUpload ? (
        <Button
          component="label"
          role={undefined}
          tabIndex={-1}
          variant="outlined"
          sx={{ mt: 1, display: 'flex', width: 'fit-content' }}
          loading={upload.isPending}
        >
          {photo ? t('photo.replace') : t('photo.upload')}
          <input
            style={VISUALLY_HIDDEN}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label={t('photo.input', { name: chargerName })}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              upload.reset();
              if (!chosen) return;
              const tooLarge = validatePhotoSize(chosen.size);
              setSizeError(tooLarge);
              if (!tooLarge) upload.mutate({ chargerId, file: chosen });
            }}
          />
        </Button>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
    </Box>
  );
};
