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
import { useT } from '../../../i18n/use-t.ts';
import { firmwareText } from '../firmware-text.ts';

/** The charger's end-of-line test results, newest first. */
export const TestHistoryTable = ({ chargerId, chargerName, timeZone }: { chargerId: string; chargerName: string; timeZone: string | undefined }) => {
  const t = useT(firmwareText);
  const history = useTestHistory(chargerId);
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {history.data?.serialNumber ? t('tests.titleSerial', { serial: history.data.serialNumber }) : t('tests.title')}
      </Typography>
      {history.isPending ? <LinearProgress aria-label={t('tests.loading')} /> : null}
      {history.isError ? (
        <Alert severity="error">
          {t('tests.error')} {history.error.message}
        </Alert>
      ) : null}
      {history.data?.items.length === 0 ? <Typography color="text.secondary">{t('tests.empty')}</Typography> : null}
      {history.data?.items.length ? (
        <ScrollingTable size="small" aria-label={t('tests.label', { name: chargerName })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('tests.column.tested')}</TableCell>
              <TableCell>{t('tests.column.test')}</TableCell>
              <TableCell>{t('tests.column.result')}</TableCell>
              <TableCell align="right">{t('tests.column.measured')}</TableCell>
              <TableCell>{t('tests.column.station')}</TableCell>
              <TableCell>{t('tests.column.importedBy')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data.items.map((test) => (
              <TableRow key={test.id}>
                <TableCell>{formatDateTime(test.testedAt, timeZone)}</TableCell>
                <TableCell>{test.testName}</TableCell>
                <TableCell>
                  <Typography variant="body2" color={test.passed ? 'success.main' : 'error.main'} sx={{ fontWeight: 600 }}>
                    {test.passed ? t('tests.pass') : t('tests.fail')}
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
