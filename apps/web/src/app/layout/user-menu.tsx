import { USER_TYPE_LABELS } from '@wattdesk/shared/roles';
import LogoutIcon from '@mui/icons-material/Logout';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { menuItem } from '@wattdesk/shared/menus';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Can } from '../../lib/can.tsx';
import { useLogout } from '../../features/auth/use-logout.ts';
import { useSession } from '../../lib/session-store.ts';
import { useT } from '../../i18n/use-t.ts';
import { useColorSchemeItems } from './color-scheme-choice.tsx';
import { useLanguageItems } from './language-choice.tsx';
import { shellText } from './shell-text.ts';

/** The account button; its name carries the initials it shows, so voice control finds it by what is seen (WCAG 2.5.3). */
export const UserMenu = () => {
  const user = useSession((state) => state.user);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  const colorSchemeItems = useColorSchemeItems();
  const languageItems = useLanguageItems();
  const t = useT(shellText);
  if (!user) return null;
  const initials = `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
  return (
    <>
      <IconButton onClick={(event) => setAnchor(event.currentTarget)} aria-label={t('account.menu', { initials })} aria-haspopup="menu" size="small">
        <Avatar sx={{ width: 34, height: 34, bgcolor: 'secondary.main', fontSize: 15 }}>{initials}</Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {user.firstName} {user.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {USER_TYPE_LABELS[user.userType]}
          </Typography>
        </Box>
        <Divider />
        <Can permission="Account_Settings_View">
          <MenuItem component={RouterLink} to={menuItem('account-setting')?.path ?? '/dashboard'} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <ManageAccountsIcon fontSize="small" />
            </ListItemIcon>
            {t('account.settings')}
          </MenuItem>
        </Can>
        <Divider />
        {colorSchemeItems}
        <Divider />
        {languageItems}
        <Divider />
        <MenuItem onClick={() => logout.mutate()} disabled={logout.isPending}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('account.logout')}
        </MenuItem>
      </Menu>
    </>
  );
};
