import { landingPathFor } from '@wattdesk/shared/role-permissions';
import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { paths } from '../config/paths.ts';
import { LoginPage } from '../features/auth/login-page.tsx';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { lazyWithTimeout } from '../lib/lazy-with-timeout.ts';
import { useSession } from '../lib/session-store.ts';

const DashboardRoutes = lazyWithTimeout(() => import('./dashboard-routes.tsx'));
// The sign-in library comes with the callback pages, not with the login page.
const SsoCallbackPage = lazyWithTimeout(() => import('../features/auth/sso/sso-callback-page.tsx'));
const AgreementPage = lazyWithTimeout(() => import('../features/agreements/agreement-page.tsx'));
const StripeConnectedPage = lazyWithTimeout(() => import('../features/payouts/stripe-connected-page.tsx'));

/** /dashboard needs a logged-in user, otherwise the landing page (spec section 2). */
const RequireAuth = ({ children }: { children: ReactNode }) => {
  const user = useSession((state) => state.user);
  return user?.access_token ? children : <Navigate to={paths.login} replace />;
};

/** The login page is the landing page; a signed-in user goes straight to their start page. */
const LandingOrHome = () => {
  const user = useSession((state) => state.user);
  return user?.access_token ? <Navigate to={landingPathFor(user.userType)} replace /> : <LoginPage />;
};

const Lazy = ({ children }: { children: ReactNode }) => (
  <ErrorBoundary title="This page could not be loaded.">
    <Suspense fallback={<PageLoader />}>{children}</Suspense>
  </ErrorBoundary>
);

/**
 * Declarative routes rather than a data router: the app loads data with TanStack Query, and the
 * data router's extra code would count against the sign-in page's JavaScript budget.
 */
export const AppRouter = () => (
  <BrowserRouter>
    <Routes>
      <Route path={paths.login} element={<LandingOrHome />} />
      <Route path={paths.home} element={<Navigate to={paths.login} replace />} />
      <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
      <Route path={paths.workforceCallback} element={<Lazy><SsoCallbackPage provider="workforce" /></Lazy>} />
      <Route path={paths.customerCallback} element={<Lazy><SsoCallbackPage provider="customer" /></Lazy>} />
      <Route path={paths.termsAndConditions()} element={<Lazy><AgreementPage /></Lazy>} />
      <Route path={paths.stripeConnected} element={<Lazy><StripeConnectedPage /></Lazy>} />
      <Route
        path={`${paths.dashboard}/*`}
        element={
          <RequireAuth>
            <Lazy>
              <DashboardRoutes />
            </Lazy>
          </RequireAuth>
        }
      />
      <Route path="*" element={<Navigate to={paths.login} replace />} />
    </Routes>
  </BrowserRouter>
);
