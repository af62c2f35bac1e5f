import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';
import { createEmotionCache } from '../lib/emotion-cache.ts';
import { theme } from '../lib/theme.ts';

/** One emotion cache for the page: every themed part shares it, so styles are inserted once, with the CSP nonce. */
let sharedCache: ReturnType<typeof createEmotionCache> | undefined;

export const MuiThemeProvider = ({ children }: { children: ReactNode }) => {
  const [cache] = useState(() => (sharedCache ??= createEmotionCache()));
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
};
