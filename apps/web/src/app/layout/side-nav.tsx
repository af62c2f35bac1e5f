import { MENU_ITEMS, type MenuItem } from '@wattdesk/shared/menus';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useCan } from '../../lib/can.tsx';
import { useT } from '../../i18n/use-t.ts';
import { menuLabelKey, shellText } from './shell-text.ts';
import { MenuIcon } from './menu-icon.tsx';

// primary.dark: the active entry's text keeps 4.5:1 on the selected grey (primary.main reaches 4.49:1).
const ACTIVE = { bgcolor: 'action.selected', color: 'primary.dark', '& svg': { color: 'primary.dark' } };

/** One menu entry: a list item holding the link (NavLink marks the current one with aria-current="page"). */
const NavEntry = ({ item, nested, onNavigate }: { item: MenuItem; nested?: boolean; onNavigate?: (() => void) | undefined }) => {
  const t = useT(shellText);
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={NavLink}
        to={item.path}
        end={item.path === '/dashboard'}
        onClick={onNavigate}
        sx={{ pl: nested ? 4 : 2, '&.active': ACTIVE }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <MenuIcon menuKey={item.key} />
        </ListItemIcon>
        <ListItemText primary={t(menuLabelKey(item.key))} />
      </ListItemButton>
    </ListItem>
  );
};

/** The Profile group: a disclosure button and, when open, its own list of entries. */
const ProfileGroup = ({ items, onNavigate }: { items: MenuItem[]; onNavigate?: (() => void) | undefined }) => {
  const t = useT(shellText);
  const { pathname } = useLocation();
  const [isOpen, setIsOpen] = useState(pathname.startsWith('/dashboard/profile'));
  const listId = useId();
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        component="button"
        onClick={() => setIsOpen((open) => !open)}
        aria-expanded={isOpen}
        aria-controls={listId}
        sx={{ width: '100%' }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>
          <MenuIcon menuKey="profile" />
        </ListItemIcon>
        <ListItemText primary={t('menu.profile')} />
        {isOpen ? <ExpandLess aria-hidden /> : <ExpandMore aria-hidden />}
      </ListItemButton>
      <Collapse in={isOpen} unmountOnExit>
        <List id={listId} disablePadding dense aria-label={t('menu.profile')}>
          {items.map((item) => (
            <NavEntry key={item.key} item={item} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
};

/** Only the menus the user's permissions allow (spec section 2 menu keys): nav > ul > li > a. */
export const SideNav = ({ onNavigate }: { onNavigate?: () => void }) => {
  const t = useT(shellText);
  const can = useCan();
  const visible = MENU_ITEMS.filter((item) => can(item.permission));
  const main = visible.filter((item) => item.group === 'main');
  const profile = visible.filter((item) => item.group === 'profile');
  return (
    <Box component="nav" aria-label={t('nav.main')}>
      <List dense>
        {main.map((item) => (
          <NavEntry key={item.key} item={item} onNavigate={onNavigate} />
        ))}
        {profile.length > 0 ? <ProfileGroup items={profile} onNavigate={onNavigate} /> : null}
      </List>
    </Box>
  );
};
