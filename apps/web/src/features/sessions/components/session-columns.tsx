import type { ChargingSession } from '@wattdesk/shared/schemas/charging';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { RunningDuration } from '../../../components/running-duration.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import { formatDurationWords, formatKw, formatKwh } from '@wattdesk/shared/format';
import { elapsedMs } from '../../../lib/charging-format.ts';
import { formatDateTime } from '../../../lib/format-time.ts';

const Duration = ({ session }: { session: ChargingSession }) =>
  session.stoppedAt ? (
    // A finished session's length reads in words, like every finished duration; only the live one ticks as a clock.
    <span>{formatDurationWords(elapsedMs(session.startedAt, session.stoppedAt, 0))}</span>
  ) : (
    <RunningDuration startedAt={session.startedAt} />
  );

const StatusCell = ({ session }: { session: ChargingSession }) => (
  <Box sx={{ py: 0.5, lineHeight: 1.3 }}>
    <Chip size="small" label={session.status === 'active' ? 'Active' : 'Completed'} color={session.status === 'active' ? 'info' : 'default'} />
    {session.stopReason ? (
      <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
        {session.stopReason}
      </Box>
    ) : null}
  </Box>
);

/**
 * The sessions grid, times in the location's zone (labelled). Flexible widths and the stop reason under the
 * status keep every column in view at 1440 px with the navigation open.
 */
export const sessionColumns = (timeZone: string | undefined): GridColDef<ChargingSession>[] => [
  {
    field: 'transactionId',
    headerName: 'Session',
    width: 90,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={paths.session(row.id)} aria-label={`Session ${row.transactionId} on ${row.chargerName}`}>
        #{row.transactionId}
      </Link>
    ),
  },
  {
    field: 'chargerName',
    headerName: 'Charger',
    flex: 1.2,
    minWidth: 170,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
        {row.chargerName}
        <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
          {row.chargerCode} · connector {row.connectorId}
        </Box>
      </Box>
    ),
  },
  {
    field: 'idTag',
    headerName: 'Driver',
    flex: 0.9,
    minWidth: 120,
    sortable: false,
    // The driver's name where the tag belongs to one, the tag under it; an unknown tag is all there is.
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
        {row.driverName ?? row.idTag}
        {row.driverName ? (
          <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
            {row.idTag}
          </Box>
        ) : null}
      </Box>
    ),
  },
  { field: 'startedAt', headerName: 'Started', flex: 1, minWidth: 160, valueFormatter: (value: string) => formatDateTime(value, timeZone) },
  {
    field: 'stoppedAt',
    headerName: 'Stopped',
    flex: 1,
    minWidth: 160,
    valueFormatter: (value: string | null) => (value ? formatDateTime(value, timeZone) : 'Running'),
  },
  { field: 'duration', headerName: 'Duration', width: 90, sortable: false, renderCell: ({ row }) => <Duration session={row} /> },
  { field: 'energyKwh', headerName: 'Energy', width: 110, align: 'right', headerAlign: 'right', valueFormatter: (value: number) => formatKwh(value) },
  {
    field: 'powerKw',
    headerName: 'Power',
    width: 80,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    valueFormatter: (value: number | null, row) => (row.status === 'active' ? formatKw(value) : '—'),
  },
  {
    field: 'cost',
    headerName: 'Cost',
    width: 110,
    align: 'right',
    headerAlign: 'right',
    sortable: false,
    // A running session shows the engine's estimate so far, marked as such.
    valueFormatter: (value: ChargingSession['cost']) => (value ? `${formatMinor(value.total, value.currency)}${value.final ? '' : ' so far'}` : '—'),
  },
  { field: 'status', headerName: 'Status', width: 130, sortable: false, renderCell: ({ row }) => <StatusCell session={row} /> },
];
