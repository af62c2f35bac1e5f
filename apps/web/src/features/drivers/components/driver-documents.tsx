import { formatFileSize } from '@wattdesk/shared/format';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import DescriptionIcon from '@mui/icons-material/DescriptionOutlined';
import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { DOCUMENT_ACCEPT, type DocumentKind, type DriverDocument } from '@wattdesk/shared/schemas/documents';
import { validateDocumentSize, validatePhotoSize } from '@wattdesk/shared/validation';
import { useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useCan } from '../../../lib/can.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import {
  useDeleteDriverDocument,
  useDocumentThumbnail,
  useDownloadDriverDocument,
  useDriverDocuments,
  useUploadDriverDocument,
} from '../api/driver-documents-api.ts';
import { driversText } from '../drivers-text.ts';

const VISUALLY_HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' } as const;
const sizeOf = formatFileSize;

/** A file input that looks like a button; the input itself is the (keyboard-reachable) control. */
const UploadButton = ({ kind, busy, onFile }: { kind: DocumentKind; busy: boolean; onFile: (file: File) => void }) => {
  const t = useT(driversText);
  return (
    <Button component="label" role={undefined} tabIndex={-1} variant="outlined" disabled={busy}>
      {kind === 'photo' ? t('documents.uploadPhoto') : t('documents.uploadDocument')}
      <input
        style={VISUALLY_HIDDEN}
        type="file"
        accept={DOCUMENT_ACCEPT[kind]}
        aria-label={kind === 'photo' ? t('documents.photoFile') : t('documents.documentFile')}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again after a refusal still fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </Button>
  );
};

const Thumbnail = ({ document }: { document: DriverDocument }) => {
  const t = useT(driversText);
  const blob = useDocumentThumbnail(document.driverId, document.id).data;
  // One object URL per blob, released when the blob changes or the row goes away.
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : undefined), [blob]);
  useEffect(() => (url ? () => URL.revokeObjectURL(url) : undefined), [url]);
  return url ? (
    <Box
      component="img"
      src={url}
      alt={t('documents.preview', { name: document.name })}
      sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
    />
  ) : (
    <Box sx={{ width: 64, height: 64, bgcolor: 'action.hover', borderRadius: 1 }} />
  );
};

/** The driver's documents (ID, contract: PDF or image) and photos: upload up to 2 MB each, download, delete. */
export const DriverDocuments = ({ driverId }: { driverId: string }) => {
  const t = useT(driversText);
  const can = useCan();
  const documents = useDriverDocuments(driverId);
  const upload = useUploadDriverDocument();
  const remove = useDeleteDriverDocument();
  const download = useDownloadDriverDocument();
  const [refusal, setRefusal] = useState<string[]>();
  const [deleting, setDeleting] = useState<DriverDocument | null>(null);
  const mayUpload = can('Documents_Upload');

  const send = (kind: DocumentKind, file: File) => {
    // The same limit the server enforces, checked first so a large file is not sent for nothing.
    const tooLarge = kind === 'photo' ? validatePhotoSize(file.size) : validateDocumentSize(file.size);
    if (tooLarge) return setRefusal([tooLarge]);
    setRefusal(undefined);
    upload.mutate({ driverId, kind, file }, { onError: (error) => setRefusal(error instanceof ApiError ? error.messages : [error.message]) });
  };

  return (
    <Box>
      {mayUpload ? (
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
          <UploadButton kind="document" busy={upload.isPending} onFile={(file) => send('document', file)} />
          <UploadButton kind="photo" busy={upload.isPending} onFile={(file) => send('photo', file)} />
          <Typography variant="body2" color="text.secondary">
            {t('documents.hint')}
          </Typography>
        </Stack>
      ) : null}
      {refusal ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }} onClose={() => setRefusal(undefined)}>
          {refusal.join('. ')}
        </Alert>
      ) : null}
      {documents.isPending ? <Typography>{t('common.loading')}</Typography> : null}
      {documents.data?.length === 0 ? <Typography color="text.secondary">{t('documents.empty')}</Typography> : null}
      <List aria-label={t('documents.list')} dense>
        {documents.data?.map((document) => (
          <ListItem
            key={document.id}
            secondaryAction={
              <Stack direction="row" spacing={0.5}>
                <Tooltip title={t('documents.download', { name: document.name })}>
                  <IconButton aria-label={t('documents.download', { name: document.name })} onClick={() => download.mutate(document)}>
                    <DownloadIcon />
                  </IconButton>
                </Tooltip>
                {mayUpload ? (
                  <Tooltip title={t('documents.delete', { name: document.name })}>
                    <IconButton aria-label={t('documents.delete', { name: document.name })} onClick={() => setDeleting(document)}>
                      <DeleteIcon />
                    </IconButton>
                  </Tooltip>
                ) : null}
              </Stack>
            }
          >
            <Box sx={{ mr: 2, display: 'flex', alignItems: 'center' }}>
              {document.hasThumbnail ? (
                <Thumbnail document={document} />
              ) : (
                <DescriptionIcon sx={{ fontSize: 40, color: 'text.secondary', mx: 1.5 }} />
              )}
            </Box>
            <ListItemText
              primary={document.name}
              secondary={`${document.kind === 'photo' ? t('documents.kindPhoto') : t('documents.kindDocument')} · ${sizeOf(document.sizeBytes)} · ${formatDateTime(document.createdAt)}${
                document.uploadedByEmail ? ` · ${document.uploadedByEmail}` : ''
              }`}
            />
          </ListItem>
        ))}
      </List>
      <ConfirmDialog
        open={deleting !== null}
        title={t('documents.deleteTitle')}
        confirmLabel={t('documents.deleteConfirm')}
        isDestructive
        isBusy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {deleting ? t('documents.deleteText', { name: deleting.name }) : ''}
      </ConfirmDialog>
    </Box>
  );
};
