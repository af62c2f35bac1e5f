import type { ChargingSession } from '@wattdesk/shared/schemas/charging';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { RunningDuration } from '../../../components/running-duration.tsx';
import { paths } from '../../../config/paths.ts';
import { describeDuration, elapsedMs, formatDateTime, formatDuration, formatKw, formatKwh } from '../../../lib/charging-format.ts';

const Duration = ({ session }: { session: ChargingSession }) =>
  session.stoppedAt ? (
    <span aria-label={describeDuration(elapsedMs(session.startedAt, session.stoppedAt, 0))}>{formatDuration(elapsedMs(session.startedAt, session.stoppedAt, 0))}</span>
  ) : (
    <RunningDuration startedAt={session.startedAt} />
  );

export const sessionColumns: GridColDef<ChargingSession>[] = [
  {
    field: 'transactionId',
    headerName: 'Session',
    width: 110,
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
    flex: 1,
    minWidth: 200,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
        {row.chargerName}
        <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
          {row.chargerCode} · connector {row.connectorId}
        </Box>
      </Box>
    ),
  },
  { field: 'idTag', headerName: 'Driver', width: 140, sortable: false },
  { field: 'startedAt', headerName: 'Started', width: 190, valueFormatter: (value: string) => formatDateTime(value) },
  { field: 'stoppedAt', headerName: 'Stopped', width: 190, valueFormatter: (value: string | null) => (value ? formatDateTime(value) : 'Running') },
  { field: 'duration', headerName: 'Duration', width: 110, sortable: false, renderCell: ({ row }) => <Duration session={row} /> },
  { field: 'energyKwh', headerName: 'Energy', width: 120, align: 'right', headerAlign: 'right', valueFormatter: (value: number) => formatKwh(value) },
  { field: 'powerKw', headerName: 'Power', width: 100, align: 'right', headerAlign: 'right', sortable: false, valueFormatter: (value: number | null, row) => (row.status === 'active' ? formatKw(value) : '—') },
  { field: 'stopReason', headerName: 'Stop reason', width: 130, sortable: false, valueFormatter: (value: string | null) => value ?? '—' },
  {
    field: 'status',
    headerName: 'Status',
    width: 120,
    sortable: false,
    renderCell: ({ row }) => <Chip size="small" label={row.status === 'active' ? 'Active' : 'Completed'} color={row.status === 'active' ? 'info' : 'default'} />,
  },
];
