import { formatCount } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import {
  NOTIFICATION_TYPE_LABELS,
  NOTIFICATION_TYPES,
  type NotificationReadFilter,
  type NotificationType,
} from '@wattdesk/shared/schemas/notifications';
import { useMemo, useState } from 'react';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { FilterBar } from '../../components/form/filter-bar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api/notifications-api.ts';
import { EmailPreferences } from './components/email-preferences.tsx';
import { notificationColumns } from './components/notification-columns.tsx';
import { useNotificationFeed } from './use-notification-feed.ts';

/** Every notification of the locations in reach: by type and read state, paged on the server, live like the bell. */
export const NotificationsPage = () => {
  const [type, setType] = useState<NotificationType | ''>('');
  const [state, setState] = useState<NotificationReadFilter | ''>('');
  const filter = { type: type || undefined, state: state || undefined };
  const table = useServerTable({ pageSize: 25, resetOn: filter });
  const isLive = useNotificationFeed();
  const notifications = useNotifications({ unreadOnly: false, ...filter, ...table.params }, { poll: !isLive });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const columns = useMemo(() => notificationColumns((notification) => markRead.mutate(notification.id)), [markRead]);
  const unread = notifications.data?.unreadCount ?? 0;
  const isFiltered = Boolean(type || state);

  return (
    <>
      <PageHeader
        title="Notifications"
        subtitle={notifications.data ? `${formatCount(unread)} unread` : 'What needs your attention at the locations you reach.'}
        actions={
          <Button variant="outlined" onClick={() => markAllRead.mutate()} disabled={unread === 0} loading={markAllRead.isPending}>
            Mark all read
          </Button>
        }
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <FilterBar>
          <TextField
            select
            size="small"
            label="Type"
            value={type}
            onChange={(event) => setType(event.target.value as NotificationType | '')}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">Any type</MenuItem>
            {NOTIFICATION_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {NOTIFICATION_TYPE_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label="Read state"
            value={state}
            onChange={(event) => setState(event.target.value as NotificationReadFilter | '')}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">Read and unread</MenuItem>
            <MenuItem value="unread">Unread</MenuItem>
            <MenuItem value="read">Read</MenuItem>
          </TextField>
        </FilterBar>
        {notifications.isError && !notifications.data ? (
          <LoadErrorAlert subject="The notifications" error={notifications.error} onRetry={() => void notifications.refetch()} />
        ) : null}
        <ServerDataGrid
          label="Notifications"
          rows={notifications.data?.items ?? []}
          columns={columns}
          total={notifications.data?.total ?? 0}
          isLoading={notifications.isFetching}
          {...table.grid}
          noRowsLabel={isFiltered ? 'No notification matches these filters' : 'Nothing to act on'}
          getRowHeight={() => 'auto'}
        />
      </Paper>
      <Paper sx={{ p: 1 }}>
        <Box component="section" aria-label="E-mail settings">
          <EmailPreferences />
        </Box>
      </Paper>
    </>
  );
};
