import { formatCount } from '@wattdesk/shared/format';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { NOTIFICATION_TYPES, type NotificationReadFilter, type NotificationType } from '@wattdesk/shared/schemas/notifications';
import { useMemo, useState } from 'react';
import { ServerDataGrid } from '../../components/data-grid/server-data-grid.tsx';
import { LoadErrorAlert } from '../../components/errors/load-error-alert.tsx';
import { FilterBar } from '../../components/form/filter-bar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { useServerTable } from '../../lib/use-server-table.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from './api/notifications-api.ts';
import { EmailPreferences } from './components/email-preferences.tsx';
import { notificationColumns } from './components/notification-columns.tsx';
import { notificationSentencesText } from './notification-sentences.ts';
import { notificationsText } from './notifications-text.ts';
import { useNotificationFeed } from './use-notification-feed.ts';

/** Every notification of the locations in reach: by type and read state, paged on the server, live like the bell. */
export const NotificationsPage = () => {
  const t = useT(notificationsText);
  const sentencesT = useT(notificationSentencesText);
  const [type, setType] = useState<NotificationType | ''>('');
  const [state, setState] = useState<NotificationReadFilter | ''>('');
  const filter = { type: type || undefined, state: state || undefined };
  const table = useServerTable({ pageSize: 25, resetOn: filter });
  const isLive = useNotificationFeed();
  const notifications = useNotifications({ unreadOnly: false, ...filter, ...table.params }, { poll: !isLive });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const columns = useMemo(() => notificationColumns((notification) => markRead.mutate(notification.id), t, sentencesT), [markRead, t, sentencesT]);
  const unread = notifications.data?.unreadCount ?? 0;
  const isFiltered = Boolean(type || state);

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={notifications.data ? t('page.unread', { count: formatCount(unread) }) : t('page.subtitle')}
        actions={
          <Button variant="outlined" onClick={() => markAllRead.mutate()} disabled={unread === 0} loading={markAllRead.isPending}>
            {t('page.markAll')}
          </Button>
        }
      />
      <Paper sx={{ p: 2, mb: 2 }}>
        <FilterBar>
          <TextField
            select
            size="small"
            label={t('filter.type')}
            value={type}
            onChange={(event) => setType(event.target.value as NotificationType | '')}
            sx={{ minWidth: 260 }}
          >
            <MenuItem value="">{t('filter.anyType')}</MenuItem>
            {NOTIFICATION_TYPES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`type.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            size="small"
            label={t('filter.state')}
            value={state}
            onChange={(event) => setState(event.target.value as NotificationReadFilter | '')}
            sx={{ minWidth: 150 }}
          >
            <MenuItem value="">{t('filter.anyState')}</MenuItem>
            <MenuItem value="unread">{t('filter.unread')}</MenuItem>
            <MenuItem value="read">{t('filter.read')}</MenuItem>
          </TextField>
        </FilterBar>
        {notifications.isError && !notifications.data ? (
          <LoadErrorAlert subject={t('page.loadSubject')} error={notifications.error} onRetry={() => void notifications.refetch()} />
        ) : null}
        <ServerDataGrid
          label={t('grid.label')}
          rows={notifications.data?.items ?? []}
          columns={columns}
          total={notifications.data?.total ?? 0}
          isLoading={notifications.isFetching}
          {...table.grid}
          noRowsLabel={t(isFiltered ? 'grid.noMatch' : 'grid.empty')}
          getRowHeight={() => 'auto'}
        />
      </Paper>
      <Paper sx={{ p: 1 }}>
        <Box component="section" aria-label={t('page.emailSection')}>
          <EmailPreferences />
        </Box>
      </Paper>
    </>
  );
};
