import DoneIcon from '@mui/icons-material/Done';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { NOTIFICATION_TYPE_LABELS, type Notification } from '@wattdesk/shared/schemas/notifications';
import { formatDateTime } from '../../../lib/format-time.ts';

/**
 * The notifications page's columns; the time is the location's clock, the action marks one read. 1070 px of minimum
 * widths, within the grid's 1110 at 1440 px with the navigation open (e2e/tests/desktop.spec.ts); text wraps.
 */
export const notificationColumns = (onMarkRead: (notification: Notification) => void): GridColDef<Notification>[] => [
  {
    field: 'read',
    headerName: 'State',
    width: 90,
    renderCell: ({ row }) =>
      row.read ? <Chip size="small" label="Read" variant="outlined" /> : <Chip size="small" label="Unread" color="primary" />,
  },
  {
    field: 'createdAt',
    headerName: 'When',
    width: 200,
    valueGetter: (_value, row) => formatDateTime(row.createdAt, row.timeZone),
  },
  { field: 'type', headerName: 'Type', width: 190, valueGetter: (_value, row) => NOTIFICATION_TYPE_LABELS[row.type] },
  { field: 'title', headerName: 'Notification', flex: 1, minWidth: 170 },
  { field: 'body', headerName: 'Details', flex: 1.5, minWidth: 190 },
  { field: 'locationName', headerName: 'Location', width: 150 },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 80,
    getActions: ({ row }) =>
      row.read ? [] : [<GridActionsCellItem key="read" icon={<DoneIcon />} label={`Mark read: ${row.title}`} onClick={() => onMarkRead(row)} />],
  },
];
