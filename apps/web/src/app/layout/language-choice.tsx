import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { LOCALES, LOCALE_NAMES } from '@wattdesk/shared/i18n/locales';
import { useSaveLanguage } from '../../i18n/language-api.ts';
import { useLanguage } from '../../i18n/language-store.ts';
import { useT } from '../../i18n/use-t.ts';
import { shellText } from './shell-text.ts';

/**
 * The account menu's language choice (issue 44): shown at once, kept on the account so it follows the user to another
 * browser. Items, not a component: MUI's Menu moves focus over its direct children. Each language is named in itself.
 */
export const useLanguageItems = () => {
  const t = useT(shellText);
  const locale = useLanguage((state) => state.locale);
  const choose = useLanguage((state) => state.choose);
  const save = useSaveLanguage();
  return [
    <ListSubheader key="language-heading" sx={{ lineHeight: 2.5 }}>
      {t('language.heading')}
    </ListSubheader>,
    ...LOCALES.map((code) => (
      <MenuItem
        key={`language-${code}`}
        lang={code}
        role="menuitemradio"
        aria-checked={locale === code}
        selected={locale === code}
        onClick={() => {
          void choose(code);
          save.mutate(code);
        }}
      >
        <ListItemIcon>{locale === code ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
        {LOCALE_NAMES[code]}
      </MenuItem>
    )),
  ];
};
