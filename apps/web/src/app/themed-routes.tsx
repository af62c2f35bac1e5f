import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { MuiThemeProvider } from '../components/mui-theme-provider.tsx';
import { paths } from '../config/paths.ts';
import { ResetPasswordPage } from '../features/auth/reset-password-page.tsx';
import { lazyScreen, lazyWithTimeout } from '../lib/lazy-with-timeout.ts';
import { useIsLoggedIn, useSession } from '../lib/session-store.ts';
import { useHasUnhandledRejection } from '../lib/unhandled-rejections.ts';
import { commonText } from '../components/common-text.ts';
import { useT } from '../i18n/use-t.ts';

const DashboardRoutes = lazyWithTimeout(() => import('./dashboard-routes.tsx'));
// The sign-in library comes with the callback pages, not with the login page.
const SsoCallbackPage = lazyWithTimeout(() => import('../features/auth/sso/sso-callback-page.tsx'));
const AgreementPage = lazyWithTimeout(() => import('../features/agreements/agreement-page.tsx'));
const StripeConnectedPage = lazyWithTimeout(() => import('../features/payouts/stripe-connected-page.tsx'));
const ConfirmEmailPage = lazyScreen(() => import('../features/auth/confirm-email-page.tsx'), 'ConfirmEmailPage');
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

/** /dashboard needs a logged-in user, otherwise the landing page (spec section 2). */
const RequireAuth = ({ children }: { children: ReactNode }) => {
  const user = useSession((state) => state.user);
  return user?.access_token ? children : <Navigate to={paths.login} replace />;
};

const Lazy = ({ children }: { children: ReactNode }) => {
  const t = useT(commonText);
  return (
    <ErrorBoundary title={t('pageLoadError')}>
      <Suspense fallback={<PageLoader />}>{children}</Suspense>
    </ErrorBoundary>
  );
};

/** Every screen but the sign-in page: they use MUI, so they and its theme load together, after the sign-in page. */
export const ThemedRoutes = () => (
  <MuiThemeProvider>
    <Routes>
      <Route path={paths.home} element={<Navigate to={paths.login} replace />} />
      <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
      <Route
        path={paths.confirmEmail}
        element={
          <Lazy>
            <ConfirmEmailPage />
          </Lazy>
        }
      />
      <Route
        path={paths.workforceCallback}
        element={
          <Lazy>
            <SsoCallbackPage provider="workforce" />
          </Lazy>
        }
      />
      <Route
        path={paths.customerCallback}
        element={
          <Lazy>
            <SsoCallbackPage provider="customer" />
          </Lazy>
        }
      />
      <Route
        path={paths.termsAndConditions()}
        element={
          <Lazy>
            <AgreementPage />
          </Lazy>
        }
      />
      <Route
        path={paths.stripeConnected}
        element={
          <Lazy>
            <StripeConnectedPage />
          </Lazy>
        }
      />
      <Route
        path={paths.resellerStripeConnected}
        element={
          <Lazy>
            <StripeConnectedPage forReseller />
          </Lazy>
        }
      />
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
    <SignedInExtras />
  </MuiThemeProvider>
);
