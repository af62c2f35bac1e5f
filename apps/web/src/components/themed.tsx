import { Suspense, type ReactNode } from 'react';
import { lazyScreen } from '../lib/lazy-with-timeout.ts';

// MUI, emotion and the theme load with the first screen that needs them, not with the sign-in page (decision 002).
const MuiThemeProvider = lazyScreen(() => import('./mui-theme-provider.tsx'), 'MuiThemeProvider');

/** Renders MUI content under the app's theme, loading the theme's code on first use. */
export const Themed = ({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) => (
  <Suspense fallback={fallback}>
    <MuiThemeProvider>{children}</MuiThemeProvider>
  </Suspense>
);
