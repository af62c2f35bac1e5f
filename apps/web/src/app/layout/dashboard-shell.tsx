import BoltIcon from '@mui/icons-material/Bolt';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Can } from '../../lib/can.tsx';
import { SkipLink } from '../../components/skip-link.tsx';
import { EnvironmentBanner, EnvironmentLabel } from '../../components/environment-banner.tsx';
import { SideNav } from './side-nav.tsx';
import { NotificationBell } from '../../features/notifications/components/notification-bell.tsx';
import { UserMenu } from './user-menu.tsx';
import { useT } from '../../i18n/use-t.ts';
import { shellText } from './shell-text.ts';

const DRAWER_WIDTH = 248;

/** The dashboard frame: top bar (location, day filter, account), side navigation, and the area. */
export const DashboardShell = ({ locationSwitcher }: { locationSwitcher?: ReactNode }) => {
  const t = useT(shellText);
  const [isMobileOpen, setIsMobileOpen] = useState(false);
  const main = useRef<HTMLElement>(null);
  const drawer = (
    <>
      <EnvironmentBanner isSpacer />
      <Toolbar />
      <SideNav onNavigate={() => setIsMobileOpen(false)} />
    </>
  );
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink target={main} />
      <AppBar position="fixed" color="inherit" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <EnvironmentBanner />
        {/* At a phone's width the location's name needs the room: no logo or environment label, tighter gaps. */}
        <Toolbar sx={{ gap: { xs: 1, sm: 2 }, px: { xs: 1, sm: 2 } }}>
          <IconButton sx={{ display: { md: 'none' } }} onClick={() => setIsMobileOpen(true)} aria-label={t('nav.open')}>
            <MenuIcon />
          </IconButton>
          <BoltIcon color="primary" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
          <Typography variant="h6" component="p" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' } }}>
            Wattdesk
          </Typography>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <EnvironmentLabel />
          </Box>
          <Box sx={{ flex: 1, minWidth: 0 }}>{locationSwitcher}</Box>
          <Can permission="Notifications_View">
            <NotificationBell />
          </Can>
          <UserMenu />
        </Toolbar>
      </AppBar>
      <Drawer
        variant="temporary"
        open={isMobileOpen}
        onClose={() => setIsMobileOpen(false)}
        sx={{ display: { md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        {drawer}
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
        open
      >
        {drawer}
      </Drawer>
      <Box component="main" id="main-content" ref={main} tabIndex={-1} sx={{ flex: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <EnvironmentBanner isSpacer />
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
};
