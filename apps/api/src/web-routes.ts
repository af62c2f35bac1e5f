import type { FastifyInstance } from 'fastify';
import type { AppConfig } from './config.ts';
import { activityLogsRoutes } from './modules/activity-logs/activity-logs.routes.ts';
import { adminsRoutes } from './modules/admins/admins.routes.ts';
import { agreementsRoutes } from './modules/agreements/agreements.routes.ts';
import { termsRoutes } from './modules/agreements/terms.routes.ts';
import { appConfigRoutes } from './modules/app-config.routes.ts';
import { accountRoutes } from './modules/auth/account.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { chargerEventsRoutes } from './modules/charger-events/charger-events.routes.ts';
import { chargersRoutes } from './modules/chargers/chargers.routes.ts';
import { driversRoutes } from './modules/drivers/drivers.routes.ts';
import { driverDocumentsRoutes } from './modules/driver-documents/driver-documents.routes.ts';
import { firmwareRoutes } from './modules/firmware/firmware.routes.ts';
import { campaignRoutes } from './modules/firmware/campaigns.routes.ts';
import { dpoRoutes } from './modules/dpo/dpo.routes.ts';
import { utilityRoutes } from './modules/utility/utility.routes.ts';
import { companyRoutes } from './modules/company/company.routes.ts';
import { roamingPushesRoutes } from './modules/ocpi/outbox/pushes.routes.ts';
import { metersRoutes } from './modules/utility/meters.routes.ts';
import { inspectionsRoutes } from './modules/inspections/inspections.routes.ts';
import { templatePartsRoutes } from './modules/inspections/template-parts.routes.ts';
import { manufacturingRoutes } from './modules/manufacturing/manufacturing.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { locationMutationRoutes } from './modules/locations/location-mutations.routes.ts';
import { locationRoamingRoutes } from './modules/ocpi/location-roaming.routes.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { deviceModelRoutes } from './modules/device-model/device-model.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { bankAccountRoutes, plaidSandboxRoutes } from './modules/payments/bank-account.routes.ts';
import { sandboxCheckoutRoutes } from './modules/payments/sandbox-checkout.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { driverPaymentsRoutes } from './modules/driver-payments/driver-payments.routes.ts';
import { paymentEventsRoutes } from './modules/driver-payments/payment-events.routes.ts';
import { licensesRoutes } from './modules/billing/licenses.routes.ts';
import { payoutsRoutes } from './modules/payouts/payouts.routes.ts';
import { resellerPayoutsRoutes } from './modules/payouts/reseller-payouts.routes.ts';
import { payoutEventsRoutes } from './modules/payouts/payout-events.routes.ts';
import { roamingRoutes } from './modules/ocpi/roaming.routes.ts';
import { remoteActionsRoutes } from './modules/remote-actions/remote-actions.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { scheduleRoutes } from './modules/schedule/schedule.routes.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { ssoRoutes } from './modules/sso/sso.routes.ts';
import { systemLogsRoutes } from './modules/system-logs/system-logs.routes.ts';
import { tariffsRoutes } from './modules/tariffs/tariffs.routes.ts';
import { violationsRoutes } from './modules/tariffs/violations.routes.ts';
import { createRefreshCookie } from './lib/refresh-cookie.ts';
import type { Services } from './services.ts';
import type { ClusterBus } from './lib/cluster-bus.ts';

/** Every route under /web, each module's plugin given the services it calls. */
export const registerWebRoutes = async (
  web: FastifyInstance,
  { services: s, config, bus, now }: { services: Services; config: AppConfig; bus: ClusterBus; now: () => Date },
) => {
  // Sign-in, reset, refresh, the agreement page and the Stripe sandbox page are public: each address has a ceiling.
  const publicRateLimit = { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowSeconds * 1000 };
  // The web app's refresh token lives in an HttpOnly cookie, set by every sign-in completion (issue 39).
  const refreshCookie = createRefreshCookie(s.auth, config.sessionMaxAgeHours * 3600);
  await web.register(authRoutes, {
    auth: s.auth,
    refreshCookie,
    mfaLogin: s.mfaLogin,
    passwordReset: s.passwordReset,
    account: s.account,
    rateLimit: publicRateLimit,
  });
  await web.register(accountRoutes, { account: s.account, accountMfa: s.accountMfa });
  await web.register(appConfigRoutes, { config });
  await web.register(locationsRoutes, { locations: s.locations });
  await web.register(locationMutationRoutes, { mutations: s.locationMutations });
  await web.register(locationRoamingRoutes, { locations: s.ocpiLocations });
  await web.register(chargersRoutes, { chargers: s.chargers });
  await web.register(adminsRoutes, { admins: s.admins });
  await web.register(driversRoutes, { drivers: s.drivers, now });
  await web.register(driverDocumentsRoutes, { documents: s.driverDocuments });
  await web.register(firmwareRoutes, { firmware: s.firmware });
  await web.register(campaignRoutes, {
    campaigns: s.firmwareCampaigns,
    firmware: s.firmware,
    links: s.firmwareLinks,
    now,
    rateLimit: { max: config.firmwareDownloadsPerMinute, timeWindow: 60_000 },
  });
  await web.register(activityLogsRoutes, { activityLogs: s.activityLogs, now });
  await web.register(systemLogsRoutes, { systemLogs: s.systemLogs, now });
  await web.register(ssoRoutes, { sso: s.sso, refreshCookie, rateLimit: publicRateLimit });
  await web.register(agreementsRoutes, { agreements: s.agreements });
  await web.register(termsRoutes, { signing: s.signing, rateLimit: publicRateLimit });
  await web.register(paymentsRoutes, { payments: s.payments });
  await web.register(bankAccountRoutes, { bankAccounts: s.bankAccounts });
  if (s.plaidGateway.isSandbox) await web.register(plaidSandboxRoutes, { sandbox: s.plaidSandbox });
  await web.register(payoutsRoutes, {
    ledger: s.ledger,
    transfers: s.transfers,
    refunds: s.refunds,
    connected: async (locationId) => (await s.connectedAccount(locationId)) !== null,
    now,
  });
  await web.register(payoutEventsRoutes, { events: s.payoutEvents });
  await web.register(resellerPayoutsRoutes, { account: s.resellerAccount, payouts: s.resellerPayouts, sandbox: s.stripeGateway.isSandbox });
  await web.register(remoteActionsRoutes, { remoteActions: s.remoteActions });
  await web.register(maintenanceRoutes, { maintenance: s.maintenance });
  await web.register(deviceModelRoutes, { deviceModel: s.deviceModel });
  await web.register(sessionsRoutes, { sessions: s.sessions, now });
  await web.register(chargerEventsRoutes, { chargerEvents: s.chargerEvents, now });
  await web.register(tariffsRoutes, { tariffs: s.tariffs });
  await web.register(violationsRoutes, { violations: s.violations, now });
  await web.register(billingRoutes, { billing: s.billing });
  await web.register(driverPaymentsRoutes, { driverPayments: s.driverPayments });
  await web.register(paymentEventsRoutes, { events: s.paymentEvents });
  await web.register(licensesRoutes, { licenses: s.licenses });
  await web.register(scheduleRoutes, { schedule: s.schedule });
  await web.register(notificationsRoutes, { notifications: s.notifications });
  await web.register(dashboardRoutes, { dashboard: s.dashboard });
  await web.register(reportsRoutes, { reports: s.reports, now });
  await web.register(liveRoutes, { bus });
  await web.register(dpoRoutes, { dpo: s.dpo });
  await web.register(utilityRoutes, { utility: s.utility });
  await web.register(companyRoutes, { company: s.company });
  await web.register(roamingPushesRoutes, { pushes: s.roamingPushes });
  await web.register(roamingRoutes, { roaming: s.roaming });
  await web.register(metersRoutes, { meters: s.meters });
  await web.register(manufacturingRoutes, { manufacturing: s.manufacturing });
  await web.register(inspectionsRoutes, { inspections: s.inspections });
  await web.register(templatePartsRoutes, { inspections: s.inspections });
  if (s.stripeGateway.isSandbox) {
    await web.register(sandboxRoutes, { sandbox: s.stripeSandbox, publicUrl: config.publicUrl, rateLimit: publicRateLimit });
    await web.register(sandboxCheckoutRoutes, { billing: s.billingSandbox, rateLimit: publicRateLimit });
  }
};
