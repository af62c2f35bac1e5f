import { formatQuantity } from '@wattdesk/shared/format';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useTestHistory } from '../api/manufacturing-api.ts';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

/** The charger's end-of-line test results, newest first. */
export const TestHistoryTable = ({ chargerId, chargerName, timeZone }: { chargerId: string; chargerName: string; timeZone: string | undefined }) => {
  const history = useTestHistory(chargerId);
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        End-of-line tests{history.data?.serialNumber ? ` · serial ${history.data.serialNumber}` : ''}
      </Typography>
      {history.isPending ? <LinearProgress aria-label="Loading the test history" /> : null}
      {history.isError ? <Alert severity="error">The test history could not be loaded. {history.error.message}</Alert> : null}
      {history.data?.items.length === 0 ? <Typography color="text.secondary">No test results for this charger yet</Typography> : null}
      {history.data?.items.length ? (
        <ScrollingTable size="small" aria-label={`Test history of ${chargerName}`}>
          <TableHead>
            <TableRow>
              <TableCell>Tested</TableCell>
              <TableCell>Test</TableCell>
              <TableCell>Result</TableCell>
              <TableCell align="right">Measured</TableCell>
              <TableCell>Station</TableCell>
              <TableCell>Imported by</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.items.map((test) => (
              <TableRow key={test.id}>
                <TableCell>{formatDateTime(test.testedAt, timeZone)}</TableCell>
                <TableCell>{test.testName}</TableCell>
                <TableCell>
                  <Typography variant="body2" color={test.passed ? 'success.main' : 'error.main'} sx={{ fontWeight: 600 }}>
                    {test.passed ? 'Pass' : 'Fail'}
                  </Typography>
                </TableCell>
                <TableCell align="right">{test.measured === null ? '—' : `${formatQuantity(test.measured)} ${test.unit}`.trim()}</TableCell>
                <TableCell>{test.station || '—'}</TableCell>
                <TableCell>{test.importedBy}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollingTable>
      ) : null}
    </>
  );
};
