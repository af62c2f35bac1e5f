import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import { useT } from '../../i18n/use-t.ts';
import { shellText } from './shell-text.ts';

const CHOICES = [
  { mode: 'system', label: 'appearance.system' },
  { mode: 'light', label: 'appearance.light' },
  { mode: 'dark', label: 'appearance.dark' },
] as const;

/**
 * The account menu's appearance choice: the system's setting (the default), or always light or dark. Items, not a
 * component: MUI's Menu moves focus over its direct children.
 */
export const useColorSchemeItems = () => {
  const t = useT(shellText);
  const { mode, setMode } = useColorScheme();
  const current = mode ?? 'system';
  return [
    <ListSubheader key="heading" sx={{ lineHeight: 2.5 }}>
      {t('appearance.heading')}
    </ListSubheader>,
    ...CHOICES.map((choice) => (
      <MenuItem
        key={choice.mode}
        role="menuitemradio"
        aria-checked={current === choice.mode}
        selected={current === choice.mode}
        onClick={() => setMode(choice.mode)}
      >
        <ListItemIcon>{current === choice.mode ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
        {t(choice.label)}
      </MenuItem>
    )),
  ];
};
