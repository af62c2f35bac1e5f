import { MENU_ITEMS, type MenuItem } from '@wattdesk/shared/menus';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import { useCan } from '../../lib/can.tsx';
import { MenuIcon } from './menu-icon.tsx';

const NavEntry = ({ item, nested, onNavigate }: { item: MenuItem; nested?: boolean; onNavigate?: () => void }) => (
  <ListItemButton
    component={NavLink}
    to={item.path}
    end={item.path === '/dashboard'}
    onClick={onNavigate}
    sx={{ pl: nested ? 4 : 2, '&.active': { bgcolor: 'action.selected', color: 'primary.main', '& svg': { color: 'primary.main' } } }}
  >
    <ListItemIcon sx={{ minWidth: 36 }}>
      <MenuIcon menuKey={item.key} />
    </ListItemIcon>
    <ListItemText primary={item.label} />
  </ListItemButton>
);

/** Only the menus the user's permissions allow (spec section 2 menu keys). */
export const SideNav = ({ onNavigate }: { onNavigate?: () => void }) => {
  const can = useCan();
  const { pathname } = useLocation();
  const visible = MENU_ITEMS.filter((item) => can(item.permission));
  const main = visible.filter((item) => item.group === 'main');
  const profile = visible.filter((item) => item.group === 'profile');
  const [isProfileOpen, setIsProfileOpen] = useState(pathname.startsWith('/dashboard/profile'));

  return (
    <List component="nav" aria-label="Main navigation" dense>
      {main.map((item) => (
        <NavEntry key={item.key} item={item} {...(onNavigate ? { onNavigate } : {})} />
      ))}
      {profile.length > 0 ? (
        <>
          <ListItemButton onClick={() => setIsProfileOpen((open) => !open)} aria-expanded={isProfileOpen}>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <MenuIcon menuKey="profile" />
            </ListItemIcon>
            <ListItemText primary="Profile" />
            {isProfileOpen ? <ExpandLess /> : <ExpandMore />}
          </ListItemButton>
          <Collapse in={isProfileOpen} unmountOnExit>
            <List disablePadding dense>
              {profile.map((item) => (
                <NavEntry key={item.key} item={item} nested {...(onNavigate ? { onNavigate } : {})} />
              ))}
            </List>
          </Collapse>
        </>
      ) : null}
    </List>
  );
};
