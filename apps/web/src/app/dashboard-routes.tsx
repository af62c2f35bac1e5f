import { MENU_ITEMS, PAYOUT_REDIRECT_PATH, type MenuItem } from '@wattdesk/shared/menus';
import type { Permission } from '@wattdesk/shared/permissions';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { PageLoader } from '../components/page-loader.tsx';
import { OverviewPage } from '../features/dashboard/overview-page.tsx';
import { LocationSwitcher } from '../features/locations/components/location-switcher.tsx';
import { lazyScreen, lazyWithTimeout } from '../lib/lazy-with-timeout.ts';
import { DashboardShell } from './layout/dashboard-shell.tsx';
import { RequirePermission } from './require-permission.tsx';
import { useT } from '../i18n/use-t.ts';
import { menuLabelKey, shellText } from './layout/shell-text.ts';

/** The screen of each menu key: every key of the spec's menu has one. */
const ControlCenterPage = lazyScreen(() => import('./screens/control-center-screen.tsx'), 'ControlCenterScreen');
const LocationProfilePage = lazyScreen(() => import('../features/locations/location-profile-page.tsx'), 'LocationProfilePage');
const AssetsPage = lazyScreen(() => import('../features/chargers/assets-page.tsx'), 'AssetsPage');
const AgreementsPage = lazyScreen(() => import('../features/agreements/agreements-page.tsx'), 'AgreementsPage');
const PayoutsAccountPage = lazyScreen(() => import('../features/payouts/payouts-account-page.tsx'), 'PayoutsAccountPage');
const MaintenancePage = lazyScreen(() => import('../features/maintenance/maintenance-page.tsx'), 'MaintenancePage');
const DriversPage = lazyScreen(() => import('../features/drivers/drivers-page.tsx'), 'DriversPage');
const ChargerLogsPage = lazyScreen(() => import('../features/charger-logs/charger-logs-page.tsx'), 'ChargerLogsPage');
// Sessions have no menu key in the spec: ours (charging-sessions) opens the list; control center and assets link to it too.
const SessionsPage = lazyScreen(() => import('../features/sessions/sessions-page.tsx'), 'SessionsPage');
const NotificationsPage = lazyScreen(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage');
const SessionDetailPage = lazyScreen(() => import('../features/sessions/session-detail-page.tsx'), 'SessionDetailPage');

const AREA_SCREENS: Partial<Record<string, ComponentType>> = {
  dashboard: OverviewPage,
  'control-center': ControlCenterPage,
  'location-name': LocationProfilePage,
  assets: AssetsPage,
  maintenance: MaintenancePage,
  drivers: DriversPage,
  logs: ChargerLogsPage,
  'manage-admins': lazyWithTimeout(() => import('../features/admins/manage-admins-page.tsx')),
  roaming: lazyWithTimeout(() => import('../features/roaming/roaming-page.tsx')),
  'activity-log': lazyWithTimeout(() => import('../features/activity-log/activity-log-page.tsx')),
  'system-logs': lazyWithTimeout(() => import('../features/system-logs/system-logs-page.tsx')),
  'payouts-account-details': PayoutsAccountPage,
  'payouts-history': lazyScreen(() => import('../features/payouts/payouts-history-page.tsx'), 'PayoutsHistoryPage'),
  agreements: AgreementsPage,
  rates: lazyWithTimeout(() => import('../features/tariffs/rates-page.tsx')),
  'idle-fees': lazyWithTimeout(() => import('../features/tariffs/idle-fees-page.tsx')),
  'other-fees': lazyWithTimeout(() => import('../features/tariffs/other-fees-page.tsx')),
  violations: lazyWithTimeout(() => import('../features/tariffs/violations-page.tsx')),
  firmware: lazyWithTimeout(() => import('../features/firmware/firmware-page.tsx')),
  subscription: lazyScreen(() => import('../features/billing/subscription-page.tsx'), 'SubscriptionPage'),
  license: lazyScreen(() => import('../features/billing/license-page.tsx'), 'LicensePage'),
  'payment-info': lazyScreen(() => import('../features/billing/payment-info-page.tsx'), 'PaymentInfoPage'),
  'charger-schedule': lazyScreen(() => import('../features/schedule/schedule-page.tsx'), 'SchedulePage'),
  dpo: lazyWithTimeout(() => import('../features/energy/dpo-page.tsx')),
  'utility-info': lazyWithTimeout(() => import('../features/energy/utility-page.tsx')),
  'charging-sessions': SessionsPage,
  'account-setting': lazyScreen(() => import('../features/account/account-settings-page.tsx'), 'AccountSettingsPage'),
};

const relativePath = (item: MenuItem) => (item.path === '/dashboard' ? '' : item.path.replace('/dashboard/', ''));

/** `label`: the screen's name, already in the page's language. */
const GuardedScreen = ({ permission, label, children }: { permission: Permission; label: string; children: ReactNode }) => {
  const t = useT(shellText);
  return (
    <RequirePermission permission={permission}>
      <ErrorBoundary title={t('route.error', { screen: label })}>
        <Suspense fallback={<PageLoader />}>{children}</Suspense>
      </ErrorBoundary>
    </RequirePermission>
  );
};

const AreaRoute = ({ item }: { item: MenuItem }) => {
  const t = useT(shellText);
  const Screen = AREA_SCREENS[item.key];
  return (
    <GuardedScreen permission={item.permission} label={t(menuLabelKey(item.key))}>
      {Screen ? <Screen /> : null}
    </GuardedScreen>
  );
};

/** The dashboard area: one lazily loaded chunk (spec section 2), so the login page ships little JavaScript. */
const DashboardRoutes = () => {
  const t = useT(shellText);
  return (
    <Routes>
      <Route element={<DashboardShell locationSwitcher={<LocationSwitcher />} />}>
        {MENU_ITEMS.map((item) =>
          item.path === '/dashboard' ? (
            <Route key={item.key} index element={<AreaRoute item={item} />} />
          ) : (
            <Route key={item.key} path={relativePath(item)} element={<AreaRoute item={item} />} />
          ),
        )}
        <Route
          path="sessions/:id"
          element={
            <GuardedScreen permission="Charging_Sessions_View" label={t('route.sessionDetail')}>
              <SessionDetailPage />
            </GuardedScreen>
          }
        />
        <Route
          path="notifications"
          element={
            <GuardedScreen permission="Notifications_View" label={t('route.notifications')}>
              <NotificationsPage />
            </GuardedScreen>
          }
        />
        <Route path="profile/payout" element={<Navigate to={PAYOUT_REDIRECT_PATH} replace />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
};

export default DashboardRoutes;
