import type { MaintenanceOverview } from '@wattdesk/shared/schemas/charging';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StatusChip } from '../../../components/charger/charger-status.tsx';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

/** Chargers in maintenance now; an offline one gets it when it reconnects. */
export const InMaintenanceTable = ({ chargers }: { chargers: MaintenanceOverview['chargers'] }) =>
  chargers.length ? (
    <ScrollingTable size="small" aria-label="Chargers in maintenance now">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Charger id</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Applied</TableCell>
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
            <TableCell>{charger.connected ? 'Yes, the charger is inoperative' : 'Pending: offline, applied when it reconnects'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      No charger of this location is in maintenance.
    </Typography>
  );
