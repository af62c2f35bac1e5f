import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { AdminListItem } from '@wattdesk/shared/schemas/admins';
import { EmailText } from '../../../components/data-grid/email-text.tsx';
import { formatDate, formatDateTime } from '../../../lib/format-time.ts';
import { AdminStatusChip } from './admin-status-chip.tsx';
import type { AdminsKey, AdminsT } from '../admins-text.ts';

export type AdminAction = 'edit' | 'deactivate' | 'reactivate' | 'resend' | 'endSessions';

const LocationsCell = ({ admin, t }: { admin: AdminListItem; t: AdminsT }) => (
  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, py: 1 }}>
    {admin.locations.map((location) => (
      <Chip key={location.id} size="small" label={location.name} variant="outlined" />
    ))}
    {admin.hiddenLocationCount ? <Chip size="small" label={t('locations.other', { count: admin.hiddenLocationCount })} /> : null}
    {admin.locations.length + admin.hiddenLocationCount === 0 ? (
      <Typography variant="body2" color="text.secondary">
        {admin.userType === 'SuperAdmin' || admin.userType === 'ReadonlySuperAdmin' ? t('locations.all') : t('locations.none')}
      </Typography>
    ) : null}
  </Box>
);

/** The actions offered on a row: only those the user's role and reach allow (the server checks again). */
export const actionsFor = (admin: AdminListItem, allowed: Record<AdminAction, boolean>): AdminAction[] => {
  if (!admin.canManage) return [];
  const actions: AdminAction[] = [];
  if (allowed.edit) actions.push('edit');
  if (allowed.resend && admin.status === 'PENDING') actions.push('resend');
  if (allowed.endSessions && admin.status === 'ACTIVE') actions.push('endSessions');
  if (allowed.deactivate && admin.status !== 'INACTIVE') actions.push('deactivate');
  if (allowed.reactivate && admin.status === 'INACTIVE') actions.push('reactivate');
  return actions;
};

const ACTION_LABELS: Record<AdminAction, AdminsKey> = {
  edit: 'action.edit',
  resend: 'action.resend',
  endSessions: 'action.endSessions',
  deactivate: 'action.deactivate',
  reactivate: 'action.reactivate',
};

/**
 * The administrators grid: 1070 px of minimum widths, within the grid's 1110 at 1440 px with the navigation open
 * (e2e/tests/desktop.spec.ts); long addresses and location names wrap in their growing rows rather than being cut.
 */
export const adminColumns = (
  allowed: Record<AdminAction, boolean>,
  onAction: (action: AdminAction, admin: AdminListItem) => void,
  t: AdminsT,
): GridColDef<AdminListItem>[] => [
  { field: 'name', headerName: t('column.name'), flex: 1, minWidth: 120, valueGetter: (_value, row) => `${row.firstName} ${row.lastName}` },
  { field: 'email', headerName: t('column.email'), flex: 1.5, minWidth: 200, renderCell: ({ row }) => <EmailText email={row.email} /> },
  {
    field: 'userType',
    headerName: t('column.type'),
    flex: 0.9,
    minWidth: 120,
    valueFormatter: (value: AdminListItem['userType']) => t(`type.${value}`),
  },
  { field: 'status', headerName: t('column.status'), width: 100, renderCell: ({ row }) => <AdminStatusChip status={row.status} /> },
  {
    field: 'locations',
    headerName: t('column.locations'),
    flex: 1.3,
    minWidth: 170,
    sortable: false,
    renderCell: ({ row }) => <LocationsCell admin={row} t={t} />,
  },
  // Accounts span locations: the viewer's zone, labelled.
  {
    field: 'lastSignInAt',
    headerName: t('column.lastSignIn'),
    flex: 0.9,
    minWidth: 180,
    valueFormatter: (value: string | null) => formatDateTime(value),
  },
  { field: 'createdAt', headerName: t('column.added'), width: 100, valueFormatter: (value: string) => formatDate(value) },
  {
    field: 'actions',
    type: 'actions',
    headerName: t('column.actions'),
    width: 80,
    getActions: ({ row }) =>
      actionsFor(row, allowed).map((action) => (
        <GridActionsCellItem key={action} label={t(ACTION_LABELS[action])} showInMenu onClick={() => onAction(action, row)} />
      )),
  },
];
