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
import { DRIVER_IMPORT_COLUMNS, type DriverImportRowError } from '@wattdesk/shared/schemas/drivers';
import { MAX_UPLOAD_BYTES, validateDocumentSize } from '@wattdesk/shared/validation';
import { useState } from 'react';
import { CsvFileButton } from '../../../components/form/csv-file-button.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useImportDrivers } from '../api/drivers-api.ts';

const rowErrorsOf = (error: unknown): DriverImportRowError[] =>
  error instanceof ApiError && Array.isArray(error.body.rows) ? (error.body.rows as DriverImportRowError[]) : [];

/** CSV import: every row is registered, or none and each bad row is listed with its problems. */
export const DriverImportDialog = ({ locationId, locationName, onClose }: { locationId: string; locationName: string; onClose: () => void }) => {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const mutation = useImportDrivers();
  const rows = rowErrorsOf(mutation.error);
  return (
    <Dialog open onClose={onClose} aria-labelledby="driver-import-title" slotProps={{ paper: { sx: { width: 720 } } }}>
      <DialogTitle id="driver-import-title">Import drivers to {locationName}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A CSV file with the header <code>{DRIVER_IMPORT_COLUMNS.join(',')}</code>. role is user or sub-user; a sub-user names its main user’s e-mail
          in mainUserEmail. Separate several ID tags with “;” and write an app token as <code>app:TOKEN</code>. Every driver gets an invitation
          e-mail. Up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB.
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
                <TableCell>E-mail</TableCell>
                <TableCell>Problems</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{row.row}</TableCell>
                  <TableCell>{row.email || '—'}</TableCell>
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
          onClick={() => file && mutation.mutate({ locationId, file }, { onSuccess: onClose })}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
};
