import type { MeterSample } from '@wattdesk/shared/schemas/charging';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatKw, formatKwh } from '../../../lib/charging-format.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useT } from '../../../i18n/use-t.ts';
import { sessionsText } from '../sessions-text.ts';

const show = (value: number | null, unit: string) => (value === null ? '—' : `${value} ${unit}`);

/** The chart's numbers, for whoever prefers or needs a table; folded away behind a summary. */
type MeterTableProps = { samples: readonly MeterSample[]; energies: readonly (number | null)[]; timeZone: string | undefined };

export const MeterTable = ({ samples, energies, timeZone }: MeterTableProps) => {
  const t = useT(sessionsText);
  return (
    <Box component="details" sx={{ mt: 2, '& summary': { cursor: 'pointer', typography: 'body2', fontWeight: 600 } }}>
      <summary>{t('table.summary', { count: samples.length })}</summary>
      <Box sx={{ maxHeight: 360, overflow: 'auto', mt: 1 }}>
        <Table size="small" stickyHeader aria-label={t('table.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('table.time')}</TableCell>
              <TableCell align="right">{t('table.energy')}</TableCell>
              <TableCell align="right">{t('table.power')}</TableCell>
              <TableCell align="right">{t('table.current')}</TableCell>
              <TableCell align="right">{t('table.voltage')}</TableCell>
              <TableCell align="right">{t('table.soc')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {samples.map((sample, index) => (
              <TableRow key={`${sample.at}-${index}`}>
                <TableCell>{formatDateTime(sample.at, timeZone, { seconds: true })}</TableCell>
                <TableCell align="right">{formatKwh(energies[index])}</TableCell>
                <TableCell align="right">{formatKw(sample.powerKw)}</TableCell>
                <TableCell align="right">{show(sample.currentA, 'A')}</TableCell>
                <TableCell align="right">{show(sample.voltageV, 'V')}</TableCell>
                <TableCell align="right">{show(sample.soc, '%')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
};
