import { landingPathFor } from '@wattdesk/shared/role-permissions';
import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { lazyScreen } from '../lib/lazy-with-timeout.ts';
import { useSession } from '../lib/session-store.ts';

// Everything but the sign-in page comes in one chunk with MUI (decision 002): the landing page stays small.
const ThemedRoutes = lazyScreen(() => import('./themed-routes.tsx'), 'ThemedRoutes');

/** The login page is the landing page; a signed-in user goes straight to their start page. */
const LandingOrHome = () => {
  const user = useSession((state) => state.user);
  if (user?.access_token) return <Navigate to={landingPathFor(user.userType)} replace />;
  // A reader of another language waits for the sign-in page's words (a few hundred bytes) rather than reading English.
  return (
    <Suspense fallback={null}>
      <LoginPage />
    </Suspense>
  );
};

/**
 * Declarative routes rather than a data router: the app loads data with TanStack Query, and the
 * data router's extra code would count against the sign-in page's JavaScript budget.
 */
export const AppRouter = () => (
  <BrowserRouter>
    <Routes>
      <Route path={paths.login} element={<LandingOrHome />} />
      <Route
        path="*"
        element={
          <Suspense fallback={null}>
            <ThemedRoutes />
          </Suspense>
        }
      />
    </Routes>
  </BrowserRouter>
);
