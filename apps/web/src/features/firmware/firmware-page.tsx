import { formatFileSize } from '@wattdesk/shared/format';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { FirmwareImage } from '@wattdesk/shared/schemas/firmware';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useCan } from '../../lib/can.tsx';
import { formatDateTime } from '../../lib/format-time.ts';
import { useDeleteFirmwareImage, useDownloadFirmwareImage, useFirmwareImages } from './api/firmware-api.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { CampaignsSection } from './components/campaigns-section.tsx';
import { FirmwareUploadDialog } from './components/firmware-upload-dialog.tsx';
import { ManufacturingSection } from './components/manufacturing-section.tsx';
import { ScrollingTable } from '../../components/scrolling-table.tsx';
import { useT } from '../../i18n/use-t.ts';
import { firmwareText } from './firmware-text.ts';

const sizeOf = formatFileSize;

/** Firmware (menu firmware): the images chargers can be updated to; manufacturers download them here. */
export const FirmwarePage = () => {
  const can = useCan();
  const t = useT(firmwareText);
  const images = useFirmwareImages();
  const download = useDownloadFirmwareImage();
  const remove = useDeleteFirmwareImage();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<FirmwareImage | null>(null);
  const locationId = useSelectedLocation((state) => state.locationId);
  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          can('Firmware_Upload') ? (
            <Button variant="contained" onClick={() => setUploading(true)}>
              {t('page.upload')}
            </Button>
          ) : null
        }
      />
      {images.isPending ? <LinearProgress aria-label={t('images.loading')} /> : null}
      {images.isError ? (
        <Alert severity="error">
          {t('images.error')} {images.error.message}
        </Alert>
      ) : null}
      {images.data?.length === 0 ? <Typography color="text.secondary">{t('images.empty')}</Typography> : null}
      {images.data?.length ? (
        <ScrollingTable size="small" aria-label={t('images.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('images.column.version')}</TableCell>
              <TableCell>{t('images.column.models')}</TableCell>
              <TableCell>{t('images.column.file')}</TableCell>
              <TableCell align="right">{t('images.column.size')}</TableCell>
              <TableCell>{t('images.column.sha256')}</TableCell>
              <TableCell>{t('images.column.uploaded')}</TableCell>
              <TableCell align="right">{t('images.column.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {images.data.map((image) => (
              <TableRow key={image.id}>
                <TableCell>{image.version}</TableCell>
                <TableCell>{image.models.join(', ')}</TableCell>
                <TableCell>{image.fileName}</TableCell>
                <TableCell align="right">{sizeOf(image.sizeBytes)}</TableCell>
                <TableCell>
                  <Tooltip title={image.sha256}>
                    <code>{image.sha256.slice(0, 12)}…</code>
                  </Tooltip>
                </TableCell>
                <TableCell>
                  {formatDateTime(image.createdAt)}
                  {image.uploadedByEmail ? ` · ${image.uploadedByEmail}` : ''}
                </TableCell>
                <TableCell align="right">
                  {can('Firmware_Download') ? (
                    <IconButton aria-label={t('images.download', { version: image.version })} onClick={() => download.mutate(image)}>
                      <DownloadIcon />
                    </IconButton>
                  ) : null}
                  {can('Firmware_Upload') ? (
                    <IconButton aria-label={t('images.delete', { version: image.version })} onClick={() => setDeleting(image)}>
                      <DeleteIcon />
                    </IconButton>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollingTable>
      ) : null}
      {locationId && images.data ? (
        <CampaignsSection key={locationId} locationId={locationId} images={images.data} canUpdate={can('Firmware_Update')} />
      ) : null}
      {locationId && (can('Testing_Data') || can('Charger_Photo')) ? <ManufacturingSection key={`m-${locationId}`} locationId={locationId} /> : null}
      {uploading ? <FirmwareUploadDialog onClose={() => setUploading(false)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        confirmLabel={t('delete.confirm')}
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {deleting ? t('delete.text', { version: deleting.version }) : ''}
      </ConfirmDialog>
    </>
  );
};

export default FirmwarePage;
