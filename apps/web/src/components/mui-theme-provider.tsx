import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { use, useState, type ReactNode } from 'react';
import { alsoPreload } from '../i18n/catalogues.ts';
import { useLocale } from '../i18n/language-store.ts';
import { PSEUDO } from '../i18n/pseudo-mode.ts';
import { themeIn } from '../i18n/theme-locale.ts';
import { createEmotionCache } from '../lib/emotion-cache.ts';
import { theme } from '../lib/theme.ts';

/** One emotion cache for the page: every themed part shares it, so styles are inserted once, with the CSP nonce. */
let sharedCache: ReturnType<typeof createEmotionCache> | undefined;

// A change of language waits for MUI's texts too, so the themed screens do not blink through their loader.
alsoPreload((locale) => themeIn(theme, locale));

export const MuiThemeProvider = ({ children }: { children: ReactNode }) => {
  const [cache] = useState(() => (sharedCache ??= createEmotionCache()));
  // English is the theme itself (no wait); another language's MUI texts suspend the first themed screen once.
  const locale = useLocale();
  const localized = locale === 'en' && !PSEUDO ? theme : use(themeIn(theme, locale));
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={localized}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
};
