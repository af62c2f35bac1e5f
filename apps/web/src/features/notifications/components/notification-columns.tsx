import DoneIcon from '@mui/icons-material/Done';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import { NOTIFICATION_TYPE_LABELS, type Notification } from '@wattdesk/shared/schemas/notifications';
import { formatDateTime } from '../../../lib/format-time.ts';

/** The notifications page's columns; the time is the location's clock, the action marks one read. */
export const notificationColumns = (onMarkRead: (notification: Notification) => void): GridColDef<Notification>[] => [
  {
    field: 'read',
    headerName: 'State',
    width: 100,
    renderCell: ({ row }) =>
      row.read ? <Chip size="small" label="Read" variant="outlined" /> : <Chip size="small" label="Unread" color="primary" />,
  },
  {
    field: 'createdAt',
    headerName: 'When',
    width: 200,
    valueGetter: (_value, row) => formatDateTime(row.createdAt, row.timeZone),
  },
  { field: 'type', headerName: 'Type', width: 230, valueGetter: (_value, row) => NOTIFICATION_TYPE_LABELS[row.type] },
  { field: 'title', headerName: 'Notification', flex: 1, minWidth: 200 },
  { field: 'body', headerName: 'Details', flex: 1.5, minWidth: 240 },
  { field: 'locationName', headerName: 'Location', width: 180 },
  {
    field: 'actions',
    type: 'actions',
    headerName: 'Actions',
    width: 90,
    getActions: ({ row }) =>
      row.read ? [] : [<GridActionsCellItem key="read" icon={<DoneIcon />} label={`Mark read: ${row.title}`} onClick={() => onMarkRead(row)} />],
  },
];
