import DoneIcon from '@mui/icons-material/Done';
import Chip from '@mui/material/Chip';
import { GridActionsCellItem, type GridColDef } from '@mui/x-data-grid';
import type { Notification } from '@wattdesk/shared/schemas/notifications';
import { formatDateTime } from '../../../lib/format-time.ts';
import { notificationSentences, type NotificationSentencesT } from '../notification-sentences.ts';
import type { NotificationsT } from '../notifications-text.ts';

/**
 * The notifications page's columns; the time is the location's clock, the action marks one read. 1070 px of minimum
 * widths, within the grid's 1110 at 1440 px with the navigation open (e2e/tests/desktop.spec.ts); text wraps.
 */
export const notificationColumns = (
  onMarkRead: (notification: Notification) => void,
  t: NotificationsT,
  /** The bell's area: it holds the notifications' own sentences, read here too. */
  sentencesT: NotificationSentencesT,
): GridColDef<Notification>[] => [
  {
    field: 'read',
    headerName: t('column.state'),
    width: 90,
    renderCell: ({ row }) =>
      row.read ? <Chip size="small" label={t('state.read')} variant="outlined" /> : <Chip size="small" label={t('state.unread')} color="primary" />,
  },
  {
    field: 'createdAt',
    headerName: t('column.when'),
    width: 200,
    valueGetter: (_value, row) => formatDateTime(row.createdAt, row.timeZone),
  },
  { field: 'type', headerName: t('column.type'), width: 190, valueGetter: (_value, row) => t(`type.${row.type}`) },
  {
    field: 'title',
    headerName: t('column.title'),
    flex: 1,
    minWidth: 170,
    valueGetter: (_value, row) => notificationSentences(row, sentencesT).title,
  },
  {
    field: 'body',
    headerName: t('column.body'),
    flex: 1.5,
    minWidth: 190,
    valueGetter: (_value, row) => notificationSentences(row, sentencesT).body,
  },
  { field: 'locationName', headerName: t('column.location'), width: 150 },
  {
    field: 'actions',
    type: 'actions',
    headerName: t('column.actions'),
    width: 80,
    getActions: ({ row }) =>
      row.read
        ? []
        : [
            <GridActionsCellItem
              key="read"
              icon={<DoneIcon />}
              label={t('action.markRead', { title: notificationSentences(row, sentencesT).title })}
              onClick={() => onMarkRead(row)}
            />,
          ],
  },
];
