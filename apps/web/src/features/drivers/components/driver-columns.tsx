import { formatCount } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { formatMinor } from '@wattdesk/shared/pricing/money';
import type { Driver } from '@wattdesk/shared/schemas/drivers';
import { AccountStatusChip } from '../../../components/account-status-chip.tsx';
import { EmailText } from '../../../components/data-grid/email-text.tsx';
import { formatKwh } from '../../../lib/charging-format.ts';
import type { DriversT } from '../drivers-text.ts';

export type DriverAction = 'open' | 'edit' | 'add-sub-user' | 'resend' | 'activate' | 'deactivate' | 'delete';

/** The role as the screen words it: "user", or "sub-user of Kim Lee" when the main user is known. */
export const roleText = (t: DriversT, driver: Pick<Driver, 'role' | 'mainDriver'>): string =>
  driver.role === 'sub-user' && driver.mainDriver ? t('role.subUserOf', { name: driver.mainDriver.name }) : t(`role.${driver.role}`);

/** A tag as a chip reads it: an app token says so. */
export const tagText = (t: DriversT, tag: Driver['idTags'][number]): string => (tag.kind === 'app' ? t('tag.app', { tag: tag.tag }) : tag.tag);

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
  t: DriversT,
  allowed: Record<DriverAction, boolean>,
  onAction: (action: DriverAction, driver: Driver) => void,
): GridColDef<Driver>[] => [
  { field: 'name', headerName: t('column.name'), flex: 1, minWidth: 130, valueGetter: (_value, row) => `${row.firstName} ${row.lastName}` },
  { field: 'email', headerName: t('column.contact'), flex: 1.3, minWidth: 190, renderCell: ({ row }) => <ContactCell driver={row} /> },
  { field: 'status', headerName: t('column.status'), width: 110, renderCell: ({ row }) => <AccountStatusChip status={row.status} /> },
  {
    field: 'role',
    headerName: t('column.role'),
    width: 140,
    valueGetter: (_value, row) => roleText(t, row),
  },
  {
    field: 'idTags',
    headerName: t('column.idTags'),
    flex: 1,
    // A 14-character tag's chip whole.
    minWidth: 180,
    sortable: false,
    renderCell: ({ row }) => (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
        {row.idTags.map((tag) => (
          <Chip key={tag.id} size="small" variant="outlined" label={tagText(t, tag)} />
        ))}
      </Box>
    ),
  },
  {
    field: 'sessionCount',
    headerName: t('column.charging'),
    // The header whole ("Sessions · energy" is 123 px with its padding; the translations are no longer).
    width: 140,
    sortable: false,
    align: 'right',
    headerAlign: 'right',
    renderCell: ({ row }) => <ChargingCell driver={row} />,
  },
  {
    field: 'costs',
    headerName: t('column.cost'),
    width: 110,
    sortable: false,
    type: 'number',
    valueFormatter: (value: Driver['costs']) => (value.length ? value.map((cost) => formatMinor(cost.amountMinor, cost.currency)).join(' + ') : '—'),
  },
  {
    field: 'actions',
    type: 'actions',
    headerName: t('column.actions'),
    width: 80,
    getActions: ({ row }) =>
      driverActionsFor(row, allowed).map((action) => (
        <GridActionsCellItem key={action} label={t(`action.${action}`)} showInMenu onClick={() => onAction(action, row)} />
      )),
  },
];
