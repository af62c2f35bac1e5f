import type { ChargerEventKind, ChargerLogEntry } from '@wattdesk/shared/schemas/charger-log';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '../../../lib/format-time.ts';

export const KIND_LABELS: Record<ChargerEventKind, string> = {
  connected: 'Connected',
  disconnected: 'Disconnected',
  refused: 'Refused',
  boot: 'Boot',
  fault: 'Fault',
  session: 'Session',
  command: 'Command',
  maintenance: 'Maintenance',
  diagnostics: 'Diagnostics',
  firmware: 'Firmware',
  'data-transfer': 'Data transfer',
  authorization: 'Authorization',
  reservation: 'Reservation',
  security: 'Security',
  device: 'Device model',
};

const KIND_COLORS: Partial<Record<ChargerEventKind, ChipProps['color']>> = {
  connected: 'success',
  boot: 'success',
  disconnected: 'warning',
  refused: 'error',
  fault: 'error',
  session: 'info',
  command: 'primary',
  maintenance: 'primary',
  authorization: 'warning',
  reservation: 'info',
  security: 'warning',
};

const isKnownKind = (kind: string): kind is ChargerEventKind => Object.hasOwn(KIND_LABELS, kind);

/** The kind as a chip; a kind this build does not know (an older or newer server) shows as written. */
export const KindChip = ({ kind }: { kind: string }) =>
  isKnownKind(kind) ? <Chip size="small" label={KIND_LABELS[kind]} color={KIND_COLORS[kind] ?? 'default'} /> : <Chip size="small" label={kind} />;

/** The log's columns; times to the second in the location's zone, labelled. */
export const chargerLogColumns = (timeZone: string | undefined): GridColDef<ChargerLogEntry>[] => [
  { field: 'at', headerName: 'Time', width: 200, valueFormatter: (value: string) => formatDateTime(value, timeZone, { seconds: true }) },
  {
    field: 'chargerName',
    headerName: 'Charger',
    width: 220,
    renderCell: ({ row }) => (
      <Box sx={{ lineHeight: 1.3, py: 0.5 }}>
        {row.chargerName}
        <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
          {row.chargerCode}
        </Box>
      </Box>
    ),
  },
  { field: 'kind', headerName: 'Kind', width: 140, renderCell: ({ row }) => <KindChip kind={row.kind} /> },
  { field: 'summary', headerName: 'Summary', flex: 1, minWidth: 280 },
];
