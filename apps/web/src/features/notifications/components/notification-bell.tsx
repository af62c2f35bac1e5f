import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorBoundary } from '../../../components/errors/error-boundary.tsx';
import { paths } from '../../../config/paths.ts';
import { useT } from '../../../i18n/use-t.ts';
import { formatDateTime } from '../../../lib/format-time.ts';
import { lazyScreen } from '../../../lib/lazy-with-timeout.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead, useNotifications } from '../api/notifications-api.ts';
import { notificationBellText } from '../notification-bell-text.ts';
import { notificationSentences } from '../notification-sentences.ts';
import { useNotificationFeed } from '../use-notification-feed.ts';

// The bell is on every dashboard screen; its e-mail settings (and their checkboxes) load when first opened (issue 18).
const EmailPreferences = lazyScreen(() => import('./email-preferences.tsx'), 'EmailPreferences');

const PAGE = { unreadOnly: false, page: 1, pageSize: 20 };

/** The bell in the top bar: unread count, the latest notifications, mark read, and which types also come by e-mail. */
export const NotificationBell = () => {
  const t = useT(notificationBellText);
  const isLive = useNotificationFeed();
  const notifications = useNotifications(PAGE, { poll: !isLive });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [showSettings, setShowSettings] = useState(false);
  const unread = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.items ?? [];
  // The name carries the badge's own text (99+ past 99), and an empty badge has none: WCAG 2.5.3 label in name.
  const badgeText = unread > 99 ? '99+' : String(unread);
  const label = unread ? t('bell.labelUnread', { count: badgeText }) : t('bell.label');

  return (
    <>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={label} aria-haspopup="dialog">
        <Badge badgeContent={unread ? badgeText : undefined} color="error">
          <NotificationsIcon />
        </Badge>
      </IconButton>
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': t('bell.title'), sx: { width: 400, maxWidth: '95vw' } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, flex: 1 }}>
            {t('bell.title')}
          </Typography>
          <Button size="small" onClick={() => markAllRead.mutate()} disabled={unread === 0} loading={markAllRead.isPending}>
            {t('bell.markAll')}
          </Button>
          <Button size="small" onClick={() => setShowSettings((value) => !value)} aria-expanded={showSettings}>
            {t('bell.emailSettings')}
          </Button>
          <Button size="small" component={RouterLink} to={paths.notifications} onClick={() => setAnchor(null)}>
            {t('bell.seeAll')}
          </Button>
        </Box>
        <Divider />
        {showSettings ? (
          <ErrorBoundary title={t('bell.settingsError')}>
            <Suspense
              fallback={
                <Typography color="text.secondary" sx={{ px: 2, py: 1 }}>
                  {t('bell.loading')}
                </Typography>
              }
            >
              <EmailPreferences />
            </Suspense>
          </ErrorBoundary>
        ) : null}
        {notifications.isError ? (
          <Typography color="error" sx={{ p: 2 }}>
            {t('bell.loadError')}
          </Typography>
        ) : null}
        {notifications.isSuccess && items.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('bell.empty')}
          </Typography>
        ) : null}
        <List dense aria-label={t('bell.listLabel')} sx={{ maxHeight: 420, overflow: 'auto' }}>
          {items.map((item) => {
            const { title, body } = notificationSentences(item, t);
            return (
              <ListItemButton
                key={item.id}
                onClick={() => !item.read && markRead.mutate(item.id)}
                aria-label={item.read ? title : t('bell.unreadItem', { title })}
                sx={{ alignItems: 'flex-start', bgcolor: item.read ? undefined : 'action.hover' }}
              >
                <ListItemText
                  primary={title}
                  secondary={`${body} ${item.locationName}, ${formatDateTime(item.createdAt, item.timeZone)}`}
                  slotProps={{ primary: { sx: { fontWeight: item.read ? 400 : 700 } } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      </Popover>
    </>
  );
};
