import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { validatePhotoSize } from '@wattdesk/shared/validation';
import { useEffect, useMemo, useState } from 'react';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useChargerPhoto, useChargerPhotoFile, useUploadChargerPhoto } from '../api/manufacturing-api.ts';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;

/** One object URL per blob, released when the blob changes or the panel goes away. */
const useObjectUrl = (blob: Blob | undefined) => {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return url;
};

/** The charger's photo; holders of Charger_Photo replace it (2 MB at most, checked before sending). */
export const ChargerPhotoPanel = ({ chargerId, chargerName, canUpload }: { chargerId: string; chargerName: string; canUpload: boolean }) => {
  const info = useChargerPhoto(chargerId);
  const photo = info.data?.photo;
  const file = useChargerPhotoFile(chargerId, photo?.uploadedAt);
  const url = useObjectUrl(file.data);
  const upload = useUploadChargerPhoto();
  const [sizeError, setSizeError] = useState<string>();
  const error = sizeError ?? upload.error?.message;
  return (
    <Box>
      <Typography variant="subtitle1" component="h3">
        Photo
      </Typography>
      {info.isPending || file.isLoading ? <CircularProgress size={24} aria-label="Loading the photo" /> : null}
      {info.isError ? <Alert severity="error">The photo could not be loaded. {info.error.message}</Alert> : null}
      {info.data && !photo ? <Typography color="text.secondary">No photo of this charger yet</Typography> : null}
      {url && photo ? (
        <Box>
          <Box component="img" src={url} alt={`Photo of ${chargerName}`} sx={{ maxWidth: 320, maxHeight: 240, display: 'block', borderRadius: 1 }} />
          <Typography variant="caption" color="text.secondary">
            Uploaded {formatDateTime(photo.uploadedAt)} by {photo.uploadedBy}
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
          {photo ? 'Replace photo' : 'Upload photo'}
          <input
            style={VISUALLY_HIDDEN}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label={`Photo of ${chargerName} (PNG, JPEG or WebP, at most 2 MB)`}
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
