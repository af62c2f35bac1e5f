import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useT } from '../i18n/use-t.ts';
import { partsText } from './parts-text.ts';

/** A row an import refused; row numbers count the header as row 1. */
export type CsvRowRefusal = { row: number; errors: string[] };

export type CsvRowRefusalsTableProps<Row extends CsvRowRefusal> = {
  rows: Row[];
  /** The column that names the row's subject ("Charger id", "E-mail", …) and its value. */
  keyLabel: string;
  keyOf: (row: Row) => string;
  formatRowNumber?: (row: number) => string;
};

/** "Rows with errors": each refused row with what names it and every problem on its own line. */
export const CsvRowRefusalsTable = <Row extends CsvRowRefusal>({
  rows,
  keyLabel,
  keyOf,
  formatRowNumber = String,
}: CsvRowRefusalsTableProps<Row>) => {
  const t = useT(partsText);
  return (
    <Table size="small" sx={{ mt: 1 }} aria-label={t('csv.refusals')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('csv.row')}</TableCell>
          <TableCell>{keyLabel}</TableCell>
          <TableCell>{t('csv.problems')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.row}>
            <TableCell>{formatRowNumber(row.row)}</TableCell>
            <TableCell>{keyOf(row) || '—'}</TableCell>
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
  );
};
