import type { Violation } from '@wattdesk/shared/schemas/tariffs';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { GridColDef } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatInZone } from '../zone-time.ts';

export const RULE_LABELS: Record<Violation['rule'], string> = { 'max-stay': 'Maximum stay', 'idle-limit': 'Idle beyond the limit' };
const STATUS_COLOURS = { open: 'warning', waived: 'default', paid: 'success' } as const;

export const violationColumns = (
  timeZone: string,
  onResolve: ((violation: Violation, action: 'waived' | 'paid') => void) | null,
): GridColDef<Violation>[] => [
  { field: 'detectedAt', headerName: 'Detected', width: 215, valueFormatter: (value: string) => formatInZone(value, timeZone) },
  { field: 'idTag', headerName: 'Driver', width: 125, sortable: false },
  { field: 'chargerName', headerName: 'Charger', width: 100, sortable: false },
  {
    field: 'transactionId',
    headerName: 'Session',
    width: 90,
    sortable: false,
    renderCell: ({ row }) => (
      <Link component={RouterLink} to={paths.session(row.sessionId)} aria-label={`Session ${row.transactionId}`}>
        #{row.transactionId}
      </Link>
    ),
  },
  {
    field: 'rule',
    headerName: 'Rule',
    flex: 1,
    minWidth: 170,
    sortable: false,
    renderCell: ({ row }) => (
      <span title={`${row.actualMinutes} minutes; the limit is ${row.limitMinutes}`}>
        {RULE_LABELS[row.rule]}: {row.actualMinutes} min
      </span>
    ),
  },
  {
    field: 'amount',
    headerName: 'Amount',
    width: 110,
    align: 'right',
    headerAlign: 'right',
    valueFormatter: (value: number, row) => formatMinor(value, row.currency),
  },
  {
    field: 'status',
    headerName: 'Status',
    width: 110,
    sortable: false,
    renderCell: ({ row }) => (
      <Chip
        size="small"
        color={STATUS_COLOURS[row.status]}
        label={row.status[0]!.toUpperCase() + row.status.slice(1)}
        title={row.reason ?? undefined}
      />
    ),
  },
  ...(onResolve
    ? [
        {
          field: 'actions',
          headerName: 'Actions',
          width: 160,
          sortable: false,
          renderCell: ({ row }: { row: Violation }) =>
            row.status === 'open' ? (
              <Box sx={{ display: 'flex', gap: 1 }}>
                <Button size="small" onClick={() => onResolve(row, 'waived')} aria-label={`Waive violation of session ${row.transactionId}`}>
                  Waive…
                </Button>
                <Button size="small" onClick={() => onResolve(row, 'paid')} aria-label={`Mark violation of session ${row.transactionId} paid`}>
                  Paid…
                </Button>
              </Box>
            ) : null,
        } satisfies GridColDef<Violation>,
      ]
    : []),
];
