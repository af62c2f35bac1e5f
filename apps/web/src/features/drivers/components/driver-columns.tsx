import { formatCount } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { Driver } from '@wattdesk/shared/schemas/drivers';
import { AccountStatusChip } from '../../../components/account-status-chip.tsx';
import { EmailText } from '../../../components/data-grid/email-text.tsx';
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

/** The address with the phone beneath: one column instead of two keeps the grid within 1440 px. */
const ContactCell = ({ driver }: { driver: Driver }) => (
  <Box sx={{ py: 0.75, lineHeight: 1.3 }}>
    <EmailText email={driver.email} />
    {driver.phoneNumber ? (
      <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
        {driver.phoneNumber}
      </Box>
    ) : null}
  </Box>
);

/** Sessions with their energy beneath, right-aligned like the numbers they are. */
const ChargingCell = ({ driver }: { driver: Driver }) => (
  <Box sx={{ py: 0.75, lineHeight: 1.3, textAlign: 'right', width: '100%' }}>
    <Box component="span" sx={{ display: 'block' }}>
      {formatCount(driver.sessionCount)}
    </Box>
    <Box component="span" sx={{ display: 'block', typography: 'caption', color: 'text.secondary' }}>
      {formatKwh(driver.energyKwh)}
    </Box>
  </Box>
);

/**
 * The drivers grid: 1080 px of minimum widths, within the grid's 1110 at 1440 px with the navigation open
 * (e2e/tests/desktop.spec.ts); what does not fit a column wraps in its growing row.
 */
export const driverColumns = (
  allowed: Record<DriverAction, boolean>,
  onAction: (action: DriverAction, driver: Driver) => void,
): GridColDef<Driver>[] => [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 130, valueGetter: (_value, row) => `${row.firstName} ${row.lastName}` },
  { field: 'email', headerName: 'Email · phone', flex: 1.3, minWidth: 190, renderCell: ({ row }) => <ContactCell driver={row} /> },
  { field: 'status', headerName: 'Status', width: 110, renderCell: ({ row }) => <AccountStatusChip status={row.status} /> },
  {
    field: 'role',
    headerName: 'Role',
    width: 140,
    valueGetter: (_value, row) => (row.role === 'sub-user' && row.mainDriver ? `sub-user of ${row.mainDriver.name}` : row.role),
  },
  {
    field: 'idTags',
    headerName: 'ID tags',
    flex: 1,
    // A 14-character tag's chip whole.
    minWidth: 180,
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
    headerName: 'Sessions · energy',
    // The header whole ("Sessions · energy" is 123 px with its padding).
    width: 140,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => <ChargingCell driver={row} />,
  },
  {
    field: 'costs',
    headerName: 'Cost',
    width: 110,
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
