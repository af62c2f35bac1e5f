import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { FirmwareImage } from '@wattdesk/shared/schemas/firmware';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { useStartCampaign } from '../api/campaigns-api.ts';
import { commonText } from '../../../components/common-text.ts';
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

/**
 * Start a campaign at the selected location: the image, the first stage's share, the charger's download retries.
 * Starting updates chargers, so the form asks once more before it sends.
 */
export const StartCampaignDialog = ({ locationId, images, onClose }: { locationId: string; images: FirmwareImage[]; onClose: () => void }) => {
  const t = useT(firmwareText);
  const common = useT(commonText);
  const [imageId, setImageId] = useState(images[0]?.id ?? '');
  const [percent, setPercent] = useState('10');
  const [retries, setRetries] = useState('2');
  const [confirming, setConfirming] = useState(false);
  const start = useStartCampaign();
  const image = images.find((candidate) => candidate.id === imageId);
  const messages = start.error instanceof ApiError ? start.error.messages : start.error ? [start.error.message] : [];
  const submit = () =>
    start.mutate(
      { imageId, locationId, firstStagePercent: Number(percent), retries: Number(retries) },
      { onSuccess: onClose, onError: () => setConfirming(false) },
    );
  return (
    <Dialog open onClose={start.isPending ? undefined : onClose} aria-labelledby="start-campaign-title" fullWidth maxWidth="sm">
      <DialogTitle id="start-campaign-title">{confirming ? t('start.confirmTitle') : t('start.title')}</DialogTitle>
      <DialogContent>
        {confirming && image ? (
          <DialogContentText>{t('start.confirmText', { models: image.models.join(', '), version: image.version, percent })}</DialogContentText>
        ) : (
          <>
            <TextField
              select
              label={t('start.image')}
              value={imageId}
              onChange={(e) => setImageId(e.target.value)}
              fullWidth
              margin="normal"
              required
            >
              {images.map((candidate) => (
                <MenuItem key={candidate.id} value={candidate.id}>
                  {candidate.version} ({candidate.models.join(', ')})
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('start.firstStage')}
              type="number"
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
              helperText={t('start.firstStageHelp')}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { min: 1, max: 100 } }}
            />
            <TextField
              label={t('start.retries')}
              type="number"
              value={retries}
              onChange={(e) => setRetries(e.target.value)}
              fullWidth
              margin="normal"
              slotProps={{ htmlInput: { min: 0, max: 10 } }}
            />
          </>
        )}
        {messages.length ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {messages.join(' ')}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={confirming ? () => setConfirming(false) : onClose} disabled={start.isPending}>
          {confirming ? t('start.back') : common('cancel')}
        </Button>
        {confirming ? (
          <Button variant="contained" onClick={submit} loading={start.isPending}>
            {t('start.update')}
          </Button>
        ) : (
          <Button variant="contained" onClick={() => setConfirming(true)} disabled={!image}>
            {t('start.continue')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
