import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
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
import { notificationSentences, notificationSentencesText } from '../notification-sentences.ts';
import { BELL_PAGE } from './bell-page.ts';

const EmailPreferences = lazyScreen(() => import('./email-preferences.tsx'), 'EmailPreferences');

/**
 * The bell's open panel: the latest notifications, mark read, and which types also come by e-mail. Loaded when the
 * bell is first opened, with the notifications' sentences: the shell carries only the bell (bench bundle-size).
 */
export const NotificationPanel = ({ poll, onClose }: { poll: boolean; onClose: () => void }) => {
  const t = useT(notificationBellText);
  const sentencesT = useT(notificationSentencesText);
  const notifications = useNotifications(BELL_PAGE, { poll });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkAllNotificationsRead();
  const [showSettings, setShowSettings] = useState(false);
  const unread = notifications.data?.unreadCount ?? 0;
  const items = notifications.data?.items ?? [];
  return (
    <>
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
        <Button size="small" component={RouterLink} to={paths.notifications} onClick={onClose}>
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
          const { title, body } = notificationSentences(item, sentencesT);
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
    </>
  );
};
