import { formatCount } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { Driver } from '@wattdesk/shared/schemas/drivers';
import { AccountStatusChip } from '../../../components/account-status-chip.tsx';
import { formatKwh } from '../../../lib/charging-format.ts';

export type DriverAction = 'open' | 'edit' | 'add-sub-user' | 'resend' | 'activate' | 'deactivate' | 'delete';

const ACTION_LABELS: Record<DriverAction, string> = {
  open: 'Details, sessions and restrictions',
  edit: 'Edit',
  'add-sub-user': 'Add a sub-user to this account',
  resend: 'Resend invitation',
  activate: 'Activate',
  deactivate: 'Deactivate',
  delete: 'Delete',
};

/** The actions a row offers: those the user's role allows and the driver's status makes sense for. */
export const driverActionsFor = (driver: Driver, allowed: Record<DriverAction, boolean>): DriverAction[] =>
  (['open', 'edit', 'add-sub-user', 'resend', 'activate', 'deactivate', 'delete'] as const).filter((action) => {
    if (!allowed[action]) return false;
    if (action === 'add-sub-user') return driver.role === 'user';
    if (action === 'resend') return driver.status === 'PENDING';
    if (action === 'activate') return driver.status !== 'ACTIVE';
    if (action === 'deactivate') return driver.status !== 'INACTIVE';
    return true;
  });

export const driverColumns = (
  allowed: Record<DriverAction, boolean>,
  onAction: (action: DriverAction, driver: Driver) => void,
): GridColDef<Driver>[] => [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160, valueGetter: (_value, row) => `${row.firstName} ${row.lastName}` },
  { field: 'email', headerName: 'Email', flex: 1.2, minWidth: 200 },
  { field: 'phoneNumber', headerName: 'Phone', width: 150, sortable: false },
  { field: 'status', headerName: 'Status', width: 115, renderCell: ({ row }) => <AccountStatusChip status={row.status} /> },
  {
    field: 'role',
    headerName: 'Role',
    width: 170,
    valueGetter: (_value, row) => (row.role === 'sub-user' && row.mainDriver ? `sub-user of ${row.mainDriver.name}` : row.role),
  },
  {
    field: 'idTags',
    headerName: 'ID tags',
    flex: 1,
    minWidth: 170,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
        {row.idTags.map((tag) => (
          <Chip key={tag.id} size="small" variant="outlined" label={tag.kind === 'app' ? `${tag.tag} (app)` : tag.tag} />
        ))}
      </Box>
    ),
  },
  {
    field: 'sessionCount',
    headerName: 'Sessions',
    width: 95,
    sortable: false,
    type: 'number',
    valueFormatter: (value: number) => formatCount(value),
  },
  { field: 'energyKwh', headerName: 'Energy', width: 120, sortable: false, type: 'number', valueFormatter: (value: number) => formatKwh(value) },
  {
    field: 'costs',
    headerName: 'Cost',
    width: 120,
    sortable: false,
    type: 'number',
    valueFormatter: (value: Driver['costs']) => (value.length ? value.map((cost) => formatMinor(cost.amountMinor, cost.currency)).join(' + ') : '—'),
  },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 80,
    getActions: ({ row }) =>
      driverActionsFor(row, allowed).map((action) => (
        <GridActionsCellItem key={action} label={ACTION_LABELS[action]} showInMenu onClick={() => onAction(action, row)} />
      )),
  },
];
