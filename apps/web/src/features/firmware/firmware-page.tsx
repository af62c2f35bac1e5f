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

const sizeOf = formatFileSize;

/** Firmware (menu firmware): the images chargers can be updated to; manufacturers download them here. */
export const FirmwarePage = () => {
  const can = useCan();
  const images = useFirmwareImages();
  const download = useDownloadFirmwareImage();
  const remove = useDeleteFirmwareImage();
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<FirmwareImage | null>(null);
  const locationId = useSelectedLocation((state) => state.locationId);
  return (
    <>
      <PageHeader
        title="Firmware"
        subtitle="Firmware images by version, with the models they fit and their SHA-256; campaigns update a location's chargers"
        actions={
          can('Firmware_Upload') ? (
            <Button variant="contained" onClick={() => setUploading(true)}>
              Upload firmware
            </Button>
          ) : null
        }
      />
      {images.isPending ? <LinearProgress aria-label="Loading firmware images" /> : null}
      {images.isError ? <Alert severity="error">Firmware images could not be loaded. {images.error.message}</Alert> : null}
      {images.data?.length === 0 ? <Typography color="text.secondary">No firmware images yet</Typography> : null}
      {images.data?.length ? (
        <ScrollingTable size="small" aria-label="Firmware images">
          <TableHead>
            <TableRow>
              <TableCell>Version</TableCell>
              <TableCell>Models</TableCell>
              <TableCell>File</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell>SHA-256</TableCell>
              <TableCell>Uploaded</TableCell>
              <TableCell align="right">Actions</TableCell>
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
                    <IconButton aria-label={`Download firmware ${image.version}`} onClick={() => download.mutate(image)}>
                      <DownloadIcon />
                    </IconButton>
                  ) : null}
                  {can('Firmware_Upload') ? (
                    <IconButton aria-label={`Delete firmware ${image.version}`} onClick={() => setDeleting(image)}>
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
        title="Delete this firmware image?"
        confirmLabel="Delete"
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {deleting ? `Firmware ${deleting.version} is removed with its file. Chargers already updated keep it.` : ''}
      </ConfirmDialog>
    </>
  );
};

export default FirmwarePage;
