import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../../components/empty-state.tsx';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useServerTable } from '../../../lib/use-server-table.ts';
import { useChargerEvents } from '../api/chargers-api.ts';

const PAGE_SIZES = [10, 25, 50];

/** The charger's own log, newest first: connections, refusals, boots, faults, sessions and commands. */
export const ChargerLog = ({ chargerId, timeZone }: { chargerId: string; timeZone: string | undefined }) => {
  const table = useServerTable({ pageSize: PAGE_SIZES[0] });
  const events = useChargerEvents(chargerId, table.params);

  if (events.isPending) return <LinearProgress aria-label="Loading the charger log" />;
  if (events.isError && !events.data) return <Alert severity="error">The charger log could not be loaded. {events.error.message}</Alert>;
  if (!events.data.total) return <EmptyState title="Nothing logged yet">The log fills as the charger connects and reports.</EmptyState>;
  return (
    <Box>
      {events.isFetching ? <LinearProgress aria-label="Refreshing the charger log" sx={{ height: 2 }} /> : <Box sx={{ height: 2 }} />}
      <Table size="small" aria-label="Charger log">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 190 }}>Time</TableCell>
            <TableCell sx={{ width: 120 }}>Kind</TableCell>
            <TableCell>What happened</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {events.data.items.map((event) => (
            <TableRow key={event.id}>
              <TableCell>{formatDateTime(event.at, timeZone, { seconds: true })}</TableCell>
              <TableCell>{event.kind}</TableCell>
              <TableCell>
                <Typography variant="body2">{event.summary}</Typography>
                {event.detail ? (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
                    {JSON.stringify(event.detail)}
                  </Typography>
                ) : null}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <TablePagination component="div" count={events.data.total} rowsPerPageOptions={PAGE_SIZES} {...table.pagination} />
    </Box>
  );
};
