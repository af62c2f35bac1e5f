import type { MaintenanceOverview } from '@wattdesk/shared/schemas/charging';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../../components/charger/charger-status.tsx';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { maintenanceText } from '../maintenance-text.ts';

/** Chargers in maintenance now; an offline one gets it when it reconnects. */
export const InMaintenanceTable = ({ chargers }: { chargers: MaintenanceOverview['chargers'] }) => {
  const t = useT(maintenanceText);
  return chargers.length ? (
    <ScrollingTable size="small" aria-label={t('inMaintenance.label')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('column.name')}</TableCell>
          <TableCell>{t('column.chargerId')}</TableCell>
          <TableCell>{t('column.status')}</TableCell>
          <TableCell>{t('column.applied')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {chargers.map((charger) => (
          <TableRow key={charger.id}>
            <TableCell>{charger.name}</TableCell>
            <TableCell>{charger.chargerId}</TableCell>
            <TableCell>
              <StatusChip status={charger.status} />
            </TableCell>
            <TableCell>{charger.connected ? t('inMaintenance.applied') : t('inMaintenance.pending')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      {t('inMaintenance.empty')}
    </Typography>
  );
};
