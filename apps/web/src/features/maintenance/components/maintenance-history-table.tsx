import type { MaintenanceOverview } from '@wattdesk/shared/schemas/charging';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../lib/format-time.ts';
import { ScrollingTable } from '../../../components/scrolling-table.tsx';

/** Who put which charger in maintenance or back in service, and when; newest first. */
export const MaintenanceHistoryTable = ({ history, timeZone }: { history: MaintenanceOverview['history']; timeZone: string | undefined }) =>
  history.length ? (
    <ScrollingTable size="small" aria-label="Maintenance history">
      <TableHead>
        <TableRow>
          <TableCell>Time</TableCell>
          <TableCell>Charger id</TableCell>
          <TableCell>Change</TableCell>
          <TableCell>By</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {history.map((entry, index) => (
          <TableRow key={`${entry.at}-${entry.chargerId}-${index}`}>
            <TableCell>{formatDateTime(entry.at, timeZone)}</TableCell>
            <TableCell>{entry.chargerId}</TableCell>
            <TableCell>{entry.action === 'start' ? 'Put in maintenance' : 'Back in service'}</TableCell>
            <TableCell>{entry.actorEmail ?? 'Unknown'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollingTable>
  ) : (
    <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
      No charger of this location has been in maintenance yet.
    </Typography>
  );
