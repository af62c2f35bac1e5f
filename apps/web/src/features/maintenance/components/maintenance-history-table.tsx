import type { MaintenanceOverview } from '@wattdesk/shared/schemas/charging';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format-time.ts';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { maintenanceText } from '../maintenance-text.ts';

/** Who put which charger in maintenance or back in service, and when; newest first. */
export const MaintenanceHistoryTable = ({ history, timeZone }: { history: MaintenanceOverview['history']; timeZone: string | undefined }) => {
  const t = useT(maintenanceText);
  return history.length ? (
    <ScrollingTable size="small" aria-label={t('history.label')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('column.time')}</TableCell>
          <TableCell>{t('column.chargerId')}</TableCell>
          <TableCell>{t('column.change')}</TableCell>
          <TableCell>{t('column.by')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((entry, index) => (
          <TableRow key={`${entry.at}-${entry.chargerId}-${index}`}>
            <TableCell>{formatDateTime(entry.at, timeZone)}</TableCell>
            <TableCell>{entry.chargerId}</TableCell>
            <TableCell>{entry.action === 'start' ? t('history.start') : t('history.end')}</TableCell>
            <TableCell>{entry.actorEmail ?? t('history.unknown')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      {t('history.empty')}
    </Typography>
  );
};
