import { CacheProvider } from '@emotion/react';
import { TOAST_AUTO_CLOSE_MS } from '@wattdesk/shared/constants';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { lazyScreen } from '../lib/lazy-with-timeout.ts';
import { useIsLoggedIn } from '../lib/session-store.ts';
import { useHasUnhandledRejection } from '../lib/unhandled-rejections.ts';
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import { createQueryClient } from '../lib/query-client.ts';
import { createEmotionCache } from './emotion-cache.ts';
import { theme } from './theme.ts';

// Only signed-in users can see it, so its code loads after sign-in, not with the login page.
const GlobalErrorDialog = lazyScreen(() => import('./global-error-dialog.tsx'), 'GlobalErrorDialog');

const SignedInExtras = () => {
  const isLoggedIn = useIsLoggedIn();
  const hasRejection = useHasUnhandledRejection();
  return isLoggedIn && hasRejection ? (
    <Suspense fallback={null}>
      <GlobalErrorDialog />
    </Suspense>
  ) : null;
};

export const AppProvider = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  const [emotionCache] = useState(createEmotionCache);
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          {children}
          <SignedInExtras />
          <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick pauseOnFocusLoss={false} />
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
};
