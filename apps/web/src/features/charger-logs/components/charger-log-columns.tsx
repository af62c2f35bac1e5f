import { CHARGER_EVENT_KINDS, type ChargerEventKind, type ChargerLogEntry } from '@wattdesk/shared/schemas/charger-log';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { GridColDef } from '@mui/x-data-grid';
import { formatDateTime } from '../../../lib/format-time.ts';
import { useT } from '../../../i18n/use-t.ts';
import { chargerLogsText, type ChargerLogsT } from '../charger-logs-text.ts';

/** A kind's label in the page's language. */
export const kindLabel = (t: ChargerLogsT, kind: ChargerEventKind): string => t(`kind.${kind}`);

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

const isKnownKind = (kind: string): kind is ChargerEventKind => (CHARGER_EVENT_KINDS as readonly string[]).includes(kind);

/** The kind as a chip; a kind this build does not know (an older or newer server) shows as written. */
export const KindChip = ({ kind }: { kind: string }) => {
  const t = useT(chargerLogsText);
  return isKnownKind(kind) ? (
    <Chip size="small" label={kindLabel(t, kind)} color={KIND_COLORS[kind] ?? 'default'} />
  ) : (
    <Chip size="small" label={kind} />
  );
};

/** The log's columns; times to the second in the location's zone, labelled. */
export const chargerLogColumns = (t: ChargerLogsT, timeZone: string | undefined): GridColDef<ChargerLogEntry>[] => [
  { field: 'at', headerName: t('column.time'), width: 200, valueFormatter: (value: string) => formatDateTime(value, timeZone, { seconds: true }) },
  {
    field: 'chargerName',
    headerName: t('column.charger'),
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
  { field: 'kind', headerName: t('column.kind'), width: 140, renderCell: ({ row }) => <KindChip kind={row.kind} /> },
  { field: 'summary', headerName: t('column.summary'), flex: 1, minWidth: 280 },
];
