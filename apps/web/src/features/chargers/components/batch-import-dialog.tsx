import { BATCH_COLUMNS, type BatchRowError, type CreatedCharger } from '@wattdesk/shared/schemas/chargers';
import { MAX_UPLOAD_BYTES, validateDocumentSize } from '@wattdesk/shared/validation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CsvFileButton } from '../../../components/form/csv-file-button.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { useImportChargers } from '../api/chargers-api.ts';

const rowErrorsOf = (error: unknown): BatchRowError[] =>
  error instanceof ApiError && Array.isArray(error.body.rows) ? (error.body.rows as BatchRowError[]) : [];

/** Charger batch: all rows are registered, or none and every bad row is listed with its problems. */
type BatchImportDialogProps = {
  locationId: string;
  locationName: string;
  onClose: () => void;
  /** The registered chargers with their OCPP passwords (answered this once). */
  onImported?: (chargers: CreatedCharger[]) => void;
};

export const BatchImportDialog = ({ locationId, locationName, onClose, onImported }: BatchImportDialogProps) => {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const mutation = useImportChargers();
  const rows = rowErrorsOf(mutation.error);
  return (
    <Dialog open onClose={onClose} aria-labelledby="batch-title" slotProps={{ paper: { sx: { width: 720 } } }}>
      <DialogTitle id="batch-title">Import chargers to {locationName}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A CSV file with the header <code>{BATCH_COLUMNS.join(',')}</code>. Separate several connector types with “;”. Leave ocppPassword empty to
          have one generated. Up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB.
        </DialogContentText>
        <CsvFileButton
          file={file}
          autoFocus
          onChange={(chosen) => {
            const error = chosen ? validateDocumentSize(chosen.size) : undefined;
            setFileError(error);
            setFile(error ? null : chosen);
            mutation.reset();
          }}
        />
        {fileError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {fileError}
          </Alert>
        ) : null}
        {mutation.error ? (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {mutation.error.message}
          </Alert>
        ) : null}
        {rows.length ? (
          <Table size="small" sx={{ mt: 1 }} aria-label="Rows with errors">
            <TableHead>
              <TableRow>
                <TableCell>Row</TableCell>
                <TableCell>Charger id</TableCell>
                <TableCell>Problems</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell>{row.chargerId || '—'}</TableCell>
                  <TableCell>
                    {row.errors.map((message) => (
                      <Typography key={message} variant="body2">
                        {message}
                      </Typography>
                    ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!file}
          loading={mutation.isPending}
          onClick={() =>
            file &&
            mutation.mutate(
              { locationId, file },
              {
                onSuccess: ({ created, chargers }) => {
                  notifySuccess(`${created} chargers registered at ${locationName}`);
                  onImported?.(chargers);
                  onClose();
                },
              },
            )
          }
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
};
