import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { Suspense, useState } from 'react';
import { ErrorBoundary } from '../../../components/errors/error-boundary.tsx';
import { useT } from '../../../i18n/use-t.ts';
import { lazyScreen } from '../../../lib/lazy-with-timeout.ts';
import { useNotifications } from '../api/notifications-api.ts';
import { notificationBellText } from '../notification-bell-text.ts';
import { useNotificationFeed } from '../use-notification-feed.ts';
import { BELL_PAGE } from './bell-page.ts';

// The bell is on every dashboard screen; its panel (the list, the sentences, the e-mail settings) loads when first opened.
const NotificationPanel = lazyScreen(() => import('./notification-panel.tsx'), 'NotificationPanel');

/** The bell in the top bar: the unread count; opened, the latest notifications (notification-panel.tsx). */
export const NotificationBell = () => {
  const t = useT(notificationBellText);
  const isLive = useNotificationFeed();
  const notifications = useNotifications(BELL_PAGE, { poll: !isLive });
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = notifications.data?.unreadCount ?? 0;
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
        <ErrorBoundary title={t('bell.loadError')}>
          <Suspense
            fallback={
              <Typography color="text.secondary" sx={{ p: 2 }}>
                {t('bell.loading')}
              </Typography>
            }
          >
            <NotificationPanel poll={!isLive} onClose={() => setAnchor(null)} />
          </Suspense>
        </ErrorBoundary>
      </Popover>
    </>
  );
};
