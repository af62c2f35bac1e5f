import { validateDocumentSize } from '@wattdesk/shared/validation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type ReactNode, useId, useState } from 'react';
import { ApiError } from '../lib/api-error.ts';
import { CsvFileButton } from './form/csv-file-button.tsx';
import { useT } from '../i18n/use-t.ts';
import { partsText } from './parts-text.ts';
import { type CsvRowRefusal, CsvRowRefusalsTable, type CsvRowRefusalsTableProps } from './csv-row-refusals-table.tsx';

/** The caller's upload mutation, as far as the dialog shows it (a react-query mutation fits as is). */
type UploadState = { isPending: boolean; error: Error | null; reset: () => void };

type CsvImportDialogProps<Row extends CsvRowRefusal> = {
  /** Also the dialog's accessible name. */
  title: ReactNode;
  /** The expected header and rules of the file. */
  help: ReactNode;
  /** Fields the import needs besides the file, shown above it. */
  children?: ReactNode;
  upload: UploadState;
  /** Sends the file; the caller closes the dialog on success (and says what was imported). */
  onImport: (file: File) => void;
  /** How the refused rows an error answer carries in `rows` are listed. */
  report: Omit<CsvRowRefusalsTableProps<Row>, 'rows'>;
  onClose: () => void;
};

// An all-or-nothing import answers its refusals in the error body, one entry a bad row.
const refusedRowsOf = <Row extends CsvRowRefusal>(error: unknown): Row[] =>
  error instanceof ApiError && Array.isArray(error.body.rows) ? (error.body.rows as Row[]) : [];

/**
 * A CSV import: choose a file (refused before sending when over the upload size), import it, and either the dialog
 * closes or it shows the answer's message with every refused row and its problems. Choosing another file clears them.
 */
export const CsvImportDialog = <Row extends CsvRowRefusal>({
  title,
  help,
  children,
  upload,
  onImport,
  report,
  onClose,
}: CsvImportDialogProps<Row>) => {
  const t = useT(partsText);
  const titleId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const rows = refusedRowsOf<Row>(upload.error);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} slotProps={{ paper: { sx: { width: 720 } } }}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{help}</DialogContentText>
        {children}
        <CsvFileButton
          file={file}
          autoFocus
          onChange={(chosen) => {
            const error = chosen ? validateDocumentSize(chosen.size) : undefined;
            setFileError(error);
            setFile(error ? null : chosen);
            upload.reset();
          }}
        />
        {fileError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {fileError}
          </Alert>
        ) : null}
        {upload.error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {upload.error.message}
          </Alert>
        ) : null}
        {rows.length ? <CsvRowRefusalsTable rows={rows} {...report} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('cancel')}</Button>
        <Button variant="contained" disabled={!file} loading={upload.isPending} onClick={() => file && onImport(file)}>
          {t('csv.import')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
