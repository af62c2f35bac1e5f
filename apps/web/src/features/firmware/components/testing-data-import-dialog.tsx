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
import { TEST_DATA_COLUMNS, TEST_DATA_MAX_ROWS, type TestDataRowError } from '@wattdesk/shared/schemas/manufacturing';
import { validateDocumentSize } from '@wattdesk/shared/validation';
import { useState } from 'react';
import { CsvFileButton } from '../../../components/form/csv-file-button.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useImportTestData } from '../api/manufacturing-api.ts';

const rowErrorsOf = (error: unknown): TestDataRowError[] =>
  error instanceof ApiError && Array.isArray(error.body.rows) ? (error.body.rows as TestDataRowError[]) : [];

/** Testing-data import: every row is stored, or none and each refused row is listed with its problems. */
export const TestingDataImportDialog = ({ onClose }: { onClose: () => void }) => {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const mutation = useImportTestData();
  const rows = rowErrorsOf(mutation.error);
  return (
    <Dialog open onClose={onClose} aria-labelledby="testing-data-title" slotProps={{ paper: { sx: { width: 720 } } }}>
      <DialogTitle id="testing-data-title">Import testing data</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A CSV file with the header <code>{TEST_DATA_COLUMNS.join(',')}</code>, one test of one charger a row (result pass or fail, testedAt such as
          2026-11-02T08:15:00Z), up to {TEST_DATA_MAX_ROWS.toLocaleString('en-US')} rows and 2 MB. Chargers are matched by serial number; if any row
          is refused, nothing is imported.
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
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
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
                <TableCell>Serial number</TableCell>
                <TableCell>Problems</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.row}>
                  <TableCell>{row.row.toLocaleString('en-US')}</TableCell>
                  <TableCell>{row.serialNumber || '—'}</TableCell>
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
          onClick={() => file && mutation.mutate(file, { onSuccess: onClose })}
        >
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
};
