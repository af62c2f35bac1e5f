import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import type { AccessCache } from './lib/access-cache.ts';
import type { BackgroundTasks } from './lib/background.ts';
import type { ClusterBus } from './lib/cluster-bus.ts';
import type { Mailer } from './lib/mailer.ts';
import type { SystemEvents } from './lib/system-events.ts';
import { createActivityLogsService } from './modules/activity-logs/activity-logs.service.ts';
import { createAdminsService } from './modules/admins/admins.service.ts';
import { createAgreementsService } from './modules/agreements/agreements.service.ts';
import { createSigningService } from './modules/agreements/signing.service.ts';
import { createAccountMfa } from './modules/auth/account-mfa.service.ts';
import { createAccountService } from './modules/auth/account.service.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createMfaLogin } from './modules/auth/mfa-login.service.ts';
import { createMfaService } from './modules/auth/mfa.service.ts';
import { createPasswordQueue } from './lib/password-queue.ts';
import { createSecretBox } from './lib/secret-box.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { createChargerEventsService } from './modules/charger-events/charger-events.service.ts';
import { createChargersService } from './modules/chargers/chargers.service.ts';
import { createDriversService } from './modules/drivers/drivers.service.ts';
import { createDriverDocumentsService } from './modules/driver-documents/driver-documents.service.ts';
import { createFileStorage } from './lib/file-storage/index.ts';
import { createFirmwareService } from './modules/firmware/firmware.service.ts';
import { createCampaignJob } from './modules/firmware/campaign-job.ts';
import { createCampaignTracker } from './modules/firmware/campaign-tracker.ts';
import { createCampaignsService } from './modules/firmware/campaigns.service.ts';
import { createDownloadLinks } from './modules/firmware/firmware-download.ts';
import { createDpoService } from './modules/dpo/dpo.service.ts';
import { createPowerEngine } from './modules/dpo/power-engine.ts';
import { createUtilityService } from './modules/utility/utility.service.ts';
import { createCompanyService } from './modules/company/company.service.ts';
import { createRegistrationServer } from './modules/ocpi/credentials/registration-server.ts';
import { createRoamingService } from './modules/ocpi/roaming.service.ts';
import { createMetersService } from './modules/utility/meters.service.ts';
import { createInspectionsService } from './modules/inspections/inspections.service.ts';
import { createManufacturingService } from './modules/manufacturing/manufacturing.service.ts';
import { createLocationMutations } from './modules/locations/location-mutations.service.ts';
import { createLocationsService } from './modules/locations/locations.service.ts';
import { createOcpiLocations } from './modules/ocpi/locations/locations.service.ts';
import { createMaintenanceService } from './modules/maintenance/maintenance.service.ts';
import { createDeviceModelService } from './modules/device-model/device-model.service.ts';
import { createOcppServer } from './modules/ocpp/ocpp.service.ts';
import { createOutboxWorker } from './modules/ocpi/outbox/outbox-worker.ts';
import { ocpiPushSender } from './modules/ocpi/outbox/outbox-http.ts';
import { createRoamingPushesService } from './modules/ocpi/outbox/pushes.service.ts';
import { ocpiCredentialsBox } from './modules/ocpi/partner-credentials.ts';
import { createOcpiTokensService } from './modules/ocpi/tokens.service.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { createDriverPaymentsService } from './modules/driver-payments/driver-payments.service.ts';
import { createDriverPaymentGateway } from './modules/driver-payments/payment-gateway.ts';
import type { PaymentLedger } from './lib/payment-ledger.ts';
import { createPaymentRefunds } from './modules/driver-payments/payment-refunds.ts';
import { sendReceipt } from './modules/driver-payments/receipt-pdf.ts';
import { createPaymentEvents } from './modules/driver-payments/payment-events.ts';
import { createSessionCharges, type SessionCharges } from './modules/driver-payments/session-charges.ts';
import { createPeriodicPass } from './lib/periodic-pass.ts';
import { createPaymentsSandbox } from './modules/payments/sandbox-payments.ts';
import { createLedgerService } from './modules/payouts/ledger.service.ts';
import { createTransfersService } from './modules/payouts/transfers.service.ts';
import { createResellerAccountService } from './modules/payments/reseller-account.service.ts';
import { createResellerPayoutsService } from './modules/payouts/reseller-payouts.service.ts';
import { createPayoutEventsService } from './modules/payouts/payout-events.service.ts';
import { createRefundsService } from './modules/payouts/refunds.service.ts';
import { createStripeGateway } from './modules/payments/stripe-gateway.ts';
import { createStripeSandbox } from './modules/payments/stripe-sandbox.ts';
import { createPlaidSandbox } from './modules/payments/plaid-sandbox.ts';
import { createPlaidGateway } from './modules/payments/plaid-gateway.ts';
import { createDatabasePlaidStore } from './modules/payments/plaid-sandbox-store.ts';
import { createPayoutDestination } from './modules/payments/payout-destination.ts';
import { createAccountsSandbox } from './modules/payments/sandbox-accounts.ts';
import { createSandboxBankTokens } from './modules/payments/sandbox-bank-tokens.ts';
import { createMemorySandboxState } from './modules/payments/sandbox-state.ts';
import { createBankAccountService } from './modules/payments/bank-account.service.ts';
import { createBillingSandbox } from './modules/payments/sandbox-billing.ts';
import { SANDBOX_WEBHOOK_ENDPOINTS } from './modules/payments/sandbox-endpoints.ts';
import { createStoredSandboxState } from './modules/payments/sandbox-store.ts';
import { createBillingService } from './modules/billing/billing.service.ts';
import { createPlanCatalogue } from './modules/billing/plan-catalogue.ts';
import { createLicensesService } from './modules/billing/licenses.service.ts';
import { createRemoteActionsService } from './modules/remote-actions/remote-actions.service.ts';
import { createNotificationsService } from './modules/notifications/notifications.service.ts';
import { createReservationJob, createReservationUpdates } from './modules/schedule/reservation-job.ts';
import { createOcpiCommandsService } from './modules/ocpi/commands/commands.service.ts';
import { createRoamingReservations, createScheduleService } from './modules/schedule/schedule.service.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import { createDashboardService } from './modules/dashboard/dashboard.service.ts';
import { createReportsService } from './modules/reports/reports.service.ts';
import { CUSTOMER_EXCHANGE_PATH } from './modules/sso/sso.routes.ts';
import { createSsoService } from './modules/sso/sso.service.ts';
import { createSystemLogsService } from './modules/system-logs/system-logs.service.ts';
import { createSessionPricing } from './modules/tariffs/session-pricing.service.ts';
import { createTariffsService } from './modules/tariffs/tariffs.service.ts';
import { createRoamingSessions } from './modules/ocpi/sessions/roaming-sessions.service.ts';
import { createViolationsService } from './modules/tariffs/violations.service.ts';
import type { IssuerVerifier } from './modules/sso/token-verifier.ts';
import type { AccessTokenClaims } from './plugins/auth.ts';
import type { OcppTraffic } from './lib/ocpp-j/ocpp-connection.ts';

/** How long a reconnected charger may wait for the campaign pass that sends it its UpdateFirmware. */
const CONNECTED_PASS_DELAY_MS = 1000;
/** A priced session is charged this long after pricing, once its transaction has committed; the job catches any later. */
const CHARGE_AFTER_PRICING_MS = 250;

/** What every service may be given: the database, the clock and the app's shared parts. */
export type ServiceContext = {
  config: AppConfig;
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  accessCache: AccessCache;
  signAccessToken: (claims: AccessTokenClaims) => string;
  mailer: Mailer;
  background: BackgroundTasks;
  systemEvents: SystemEvents;
  bus: ClusterBus;
  ssoVerifiers: Partial<Record<'workforce' | 'customer', IssuerVerifier>>;
  /** Metrics of the OCPP endpoint's messages; none when metrics are off. */
  ocppTraffic?: OcppTraffic;
};

/** Creates every module's service once; the routes (web-routes.ts) and the OCPP endpoint use them. */
export const createServices = (ctx: ServiceContext) => {
  const { config, db, now, accessCache, mailer, background, systemEvents } = ctx;

  const throttle = {
    backoffAfter: config.loginBackoffAfterFailures,
    lockAfter: config.loginLockAfterFailures,
    lockMinutes: config.loginLockMinutes,
  };
  const passwordQueue = createPasswordQueue({
    concurrency: config.passwordHashing.concurrency,
    maxQueue: config.passwordHashing.queue,
    perAddress: config.passwordHashing.perAddress,
  });
  const mfa = createMfaService({ db, secretBox: createSecretBox(config.jwtSecret, 'totp'), now });
  const mfaLogin = createMfaLogin({ db, secret: config.jwtSecret, mfa, throttle, passwordQueue, now });
  const auth = createAuthService({
    db,
    accessCache,
    signAccessToken: ctx.signAccessToken,
    session: {
      maxAgeHours: config.sessionMaxAgeHours,
      idleTimeoutMinutes: config.sessionIdleTimeoutMinutes,
      refreshGraceSeconds: config.refreshGraceSeconds,
    },
    throttle,
    passwordQueue,
    secondStep: { isEnabled: (userId) => mfa.isEnabled(db, userId), challenge: mfaLogin.challenge },
    mfaRequiredFor: config.mfaRequiredFor,
    now,
    workforceDomains: config.sso.workforce ? config.sso.workforceDomains : [],
  });
  const accountDeps = { db, mfa, mailer, background, passwordQueue, mfaRequiredFor: config.mfaRequiredFor, now };
  const notifications = createNotificationsService({ db, bus: ctx.bus, mailer, background, publicUrl: config.publicUrl, now, log: ctx.log });
  const passwordReset = createPasswordResetService({
    db,
    mailer,
    background,
    accessCache,
    publicUrl: config.publicUrl,
    resetTokenTtlMinutes: config.resetTokenTtlMinutes,
    resetMailsPerHour: config.resetMailsPerHour,
    passwordQueue,
    now,
    onInvitationAccepted: (userId) => void notifications.events.invitationAccepted(userId),
  });
  const ledger = createLedgerService({ db, now });
  // A roaming session's price is owed by the partner whose driver charged (decision 076): the ledger asks who pays.
  const pricing = createSessionPricing({
    db,
    now,
    onPriced: async (tx, priced) => {
      const payerPartnerId = await roamingSessions.payerOf(tx, priced.sessionId);
      await ledger.recordSessionRevenue(tx, { ...priced, payerPartnerId });
      // A driver's session is charged to its card after this transaction commits (decision 083); roaming ones are the partner's.
      const chargeable = await sessionCharges.recordPriced(tx, priced, payerPartnerId);
      if (chargeable && config.driverPayments.jobSeconds > 0) chargeJob.kickSoon(CHARGE_AFTER_PRICING_MS);
    },
    onViolations: (found) => void notifications.events.violation(found),
  });
  // OCPI Locations (decision 078): partners' view of published locations, and the pushes an edit owes them.
  const ocpiLocations = createOcpiLocations({ db, party: config.ocpi });
  const tariffs = createTariffsService({ db, now });
  const roamingSessions = createRoamingSessions({ db, now, party: config.ocpi, pricing, tariffs, log: ctx.log });
  // Without keys the sandbox stands in for Stripe and keeps its objects in the database (decision 084); with keys
  // nothing calls it, and it keeps nothing.
  const stripeStandIn = 'sandbox' in config.stripe ? config.stripe : undefined;
  const stripeSandbox = createStripeSandbox({
    secret: config.jwtSecret,
    now,
    state: stripeStandIn ? createStoredSandboxState(db, 'stripe') : createMemorySandboxState(),
    endpoints: SANDBOX_WEBHOOK_ENDPOINTS,
    payoutDelayMs: (stripeStandIn?.payoutDelaySeconds ?? 60) * 1000,
  });
  const billingSandbox = createBillingSandbox({
    publicUrl: config.publicUrl,
    now,
    prices: config.billing.sandboxPrices,
    state: stripeSandbox.state,
    events: stripeSandbox.events,
    commit: stripeSandbox.commit,
  });
  stripeSandbox.use(billingSandbox.handle);
  // Plaid's Stripe bank account tokens, made by one sandbox and accepted by the other (issue 43).
  const sandboxBankTokens = createSandboxBankTokens(config.jwtSecret);
  stripeSandbox.use(createAccountsSandbox({ state: stripeSandbox.state, bankTokens: sandboxBankTokens, now }).handle);
  const paymentsSandbox = createPaymentsSandbox({
    state: stripeSandbox.state,
    events: stripeSandbox.events,
    now,
    paymentMethod: billingSandbox.paymentMethod,
  });
  stripeSandbox.use(paymentsSandbox.handle);
  const stripeGateway = createStripeGateway(config.stripe, stripeSandbox, config.publicUrl);
  // What a plan includes and what an unlicensed charger may not do (decision 080), asked by the services that own them.
  const billing = createBillingService({
    db,
    gateway: stripeGateway,
    catalogue: createPlanCatalogue(config.billing.catalogue),
    publicUrl: config.publicUrl,
    systemEvents,
    now,
  });
  const licenses = createLicensesService({ db, now });
  const chargers = createChargersService({ db, pricing, roaming: ocpiLocations, plans: billing.plans });
  const plaidSandbox = createPlaidSandbox({ secret: config.jwtSecret, now, store: createDatabasePlaidStore(db), bankTokens: sandboxBankTokens });
  const plaidGateway = createPlaidGateway(config.plaid, plaidSandbox);
  const bankAccounts = createBankAccountService({
    db,
    gateway: plaidGateway,
    secretBox: createSecretBox(config.jwtSecret, 'plaid-access-token'),
    systemEvents,
    destination: createPayoutDestination({ db, plaid: plaidGateway, stripe: stripeGateway, systemEvents }),
    now,
  });
  const files = createFileStorage({ dataDir: config.dataDir, s3: config.s3 });
  const payments = createPaymentsService({
    db,
    gateway: stripeGateway,
    secret: config.jwtSecret,
    publicUrl: config.publicUrl,
    systemEvents,
    onConnected: bankAccounts.attachToConnected,
    now,
  });
  const connectedAccount = async (locationId: string) => (await payments.status(locationId)).account?.accountId ?? null;
  const drivers = createDriversService({ db, mailer, background, publicUrl: config.publicUrl, inviteTokenTtlHours: config.inviteTokenTtlHours, now });
  // Decision 082: a payment that succeeds or is refunded is booked by the ledger in the payment's own transaction.
  const paymentLedger: PaymentLedger = ledger.paymentLedger;
  const driverPaymentGateway = createDriverPaymentGateway(stripeGateway);
  const chargeJob = createPeriodicPass(async () => void (await sessionCharges.chargeDue()), ctx.log, 'Session payments not charged');
  const sessionCharges: SessionCharges = createSessionCharges({
    db,
    now,
    gateway: driverPaymentGateway,
    ledger: paymentLedger,
    retryMinutes: config.driverPayments.retryMinutes,
    maxFailures: config.driverPayments.maxFailures,
    mailer,
    background,
    publicUrl: config.publicUrl,
    log: ctx.log,
    forgetAccount: (accountId) => drivers.forgetAccount(accountId),
    onPaid: (sessionId) => background.run('driver-payments.receipt', () => sendReceipt({ db, mailer, now }, sessionId)),
  });
  const driverPayments = createDriverPaymentsService({
    db,
    now,
    gateway: driverPaymentGateway,
    charges: sessionCharges,
    ledger: paymentLedger,
    publicUrl: config.publicUrl,
    drivers,
    chargeSoon: () => chargeJob.kick(),
  });
  const paymentRefunds = createPaymentRefunds({ db, now, gateway: driverPaymentGateway, ledger: paymentLedger });
  const ocpiTokens = createOcpiTokensService({ db, jwtSecret: config.jwtSecret });
  // A partner's START_SESSION token is not one of our drivers' tags: the commands service (built after the OCPP
  // server, which it commands) tells whether a refused tag is being started by command at that charger.
  let commandedStart: (chargerId: string, idTag: string) => Promise<boolean> = () => Promise.resolve(false);
  const ocpp = createOcppServer({
    db,
    bus: ctx.bus,
    log: ctx.log,
    now,
    pricing,
    callTimeoutMs: config.ocppCallTimeoutMs,
    limits: config.ocppLimits,
    telemetryFlushMs: config.ocppTelemetry.flushMs,
    telemetryBatchRows: config.ocppTelemetry.batchRows,
    traffic: ctx.ocppTraffic,
    idTags: {
      // A tag one of our drivers holds is theirs alone; only a tag none holds is looked up among partners' tokens.
      // A partner's START_SESSION token is accepted at that charger (the eMSP authorised it; the start's trigger
      // links the session); other strangers' tags are looked up among partners' pushed tokens.
      authorize: async (tag, place) => {
        const own = await drivers.authorizeTag(tag, place);
        if (own.driverId !== null) return own;
        if (await commandedStart(place.chargerId, tag))
          return { ...own, status: 'Accepted', reason: 'Started by a roaming partner (OCPI START_SESSION)' };
        return (await ocpiTokens.authorizeAtCharger(tag, place)) ?? own;
      },
      energyLimitWh: drivers.energyLimitWh,
      roamingSessionStarted: ocpiTokens.roamingSessionStarted,
    },
    sessionObserver: {
      started: roamingSessions.linked,
      stopped: roamingSessions.stopped,
      metered: (sessionIds) =>
        void roamingSessions.metered(sessionIds).catch((error: Error) => ctx.log.warn({ err: error.message }, 'Roaming session updates not queued')),
    },
    onFault: (chargerId, summary) => void notifications.events.chargerFaulted(chargerId, summary),
  });

  const maintenance = createMaintenanceService({ db, ocpp });
  const deviceModel = createDeviceModelService({ db, ocpp, now });
  ocpp.useDeviceModel({ report: deviceModel.recordReport, booted: deviceModel.requestBaseReport });

  const reservations = createReservationJob({
    db,
    ocpp,
    now,
    log: ctx.log,
    leadMinutes: config.reservations.leadMinutes,
    onConflict: (booking) => void notifications.events.bookingConflict(booking),
  });

  const reservationUpdates = createReservationUpdates({ db, now });
  ocpp.onReservationEnded(
    (chargerId, reservationId) =>
      void reservationUpdates
        .ended(chargerId, reservationId)
        .catch((error: Error) => ctx.log.warn({ err: error.message }, 'Reservation update not recorded')),
  );

  // Firmware campaigns (decision 052): the job sends UpdateFirmware, the tracker follows notifications and boots.
  const firmwareLinks = createDownloadLinks({ secret: config.jwtSecret, baseUrl: config.firmwareDownloadUrl });
  const campaignJob = createCampaignJob({ db, ocpp, now, log: ctx.log, downloadUrl: firmwareLinks.url });
  const campaignTracker = createCampaignTracker({ db, log: ctx.log, changed: campaignJob.kick });
  ocpp.onFirmwareStatus((chargerId, status) => void campaignTracker.firmwareStatus(chargerId, status));

  const remoteActions = createRemoteActionsService({ db, ocpp, licenses });
  const ocpiCommands = createOcpiCommandsService({
    db,
    remoteActions,
    reservations: createRoamingReservations({ db, ocpp }),
    background,
    callTimeoutMs: config.ocppCallTimeoutMs,
    now,
    log: ctx.log,
  });
  commandedStart = ocpiCommands.commandedStart;

  const powerEngine = createPowerEngine({ db, send: ocpp.call, log: ctx.log, now });
  ocpp.onChargerEvent((charger, reason) => {
    if (reason === 'boot') void campaignTracker.booted(charger.id);
    // A charger back online may be owed its UpdateFirmware; a fleet's reconnects share a pass.
    if (reason === 'connected') campaignJob.kickSoon(CONNECTED_PASS_DELAY_MS);
    if (reason === 'session-started' || reason === 'session-stopped') powerEngine.sessionsChanged(charger.locationId);
    if (reason === 'connected')
      void powerEngine.chargerConnected(charger).catch((error: Error) => ctx.log.warn({ err: error.message }, 'Charging profiles not re-applied'));
  });

  // OCPI pushes (decision 916): written in the transaction of each change, delivered by this worker.
  const ocpiOutbox = createOutboxWorker({
    db,
    box: ocpiCredentialsBox(config.jwtSecret),
    send: ocpiPushSender(config.ocpi.allowPrivatePartnerUrls),
    log: ctx.log,
  });

  return {
    ocpiOutbox,
    roamingPushes: createRoamingPushesService({ db }),
    auth,
    mfaLogin,
    account: createAccountService({
      ...accountDeps,
      accessCache,
      publicUrl: config.publicUrl,
      emailChangeTokenTtlHours: config.emailChangeTokenTtlHours,
    }),
    accountMfa: createAccountMfa({ ...accountDeps, throttle }),
    passwordReset,
    locations: createLocationsService({ db }),
    locationMutations: createLocationMutations({ db, accessCache, roaming: ocpiLocations }),
    ocpiLocations,
    chargers,
    admins: createAdminsService({
      db,
      mailer,
      background,
      accessCache,
      publicUrl: config.publicUrl,
      inviteTokenTtlHours: config.inviteTokenTtlHours,
      now,
    }),
    drivers,
    files,
    driverDocuments: createDriverDocumentsService({ db, files, drivers, log: ctx.log }),
    firmware: createFirmwareService({ db, files, log: ctx.log }),
    firmwareCampaigns: createCampaignsService({ db, now, kick: campaignJob.kick, plans: billing.plans, licenses }),
    firmwareLinks,
    campaignJob,
    campaignTracker,
    activityLogs: createActivityLogsService({ db }),
    systemLogs: createSystemLogsService({ db }),
    sso: createSsoService({
      db,
      auth,
      accessCache,
      settings: config.sso,
      verifiers: ctx.ssoVerifiers,
      customerExchangeUrl: `${config.publicUrl}/web${CUSTOMER_EXCHANGE_PATH}`,
      systemEvents,
      now,
    }),
    agreements: createAgreementsService({ db, mailer, publicUrl: config.publicUrl, now }),
    signing: createSigningService({ db, mailer, background, now }),
    stripeSandbox,
    billingSandbox,
    stripeGateway,
    billing,
    licenses,
    payments,
    driverPayments,
    /** Refunds of card-paid sessions through the provider (the ledger's refund action calls refundPayment). */
    paymentRefunds,
    paymentEvents: createPaymentEvents({ db, verifyEvent: stripeGateway.verifyEvent, charges: sessionCharges, systemEvents }),
    chargeJob,
    plaidSandbox,
    plaidGateway,
    bankAccounts,
    ledger,
    transfers: createTransfersService({ db, gateway: stripeGateway, connectedAccount, payoutBank: bankAccounts.payoutBank, systemEvents, now }),
    // Decision 082: a session paid by card is refunded through the provider, by driver payments.
    refunds: createRefundsService({ db, now, cards: { paidByCard: ledger.paidByCard, refundPayment: paymentRefunds.refundPayment } }),
    payoutEvents: createPayoutEventsService({ db, gateway: stripeGateway, systemEvents, now }),
    // Issue 43 part 3: the reseller's own connected account and the transfer of its collected share.
    resellerAccount: createResellerAccountService({
      db,
      gateway: stripeGateway,
      secret: config.jwtSecret,
      publicUrl: config.publicUrl,
      systemEvents,
      now,
    }),
    resellerPayouts: createResellerPayoutsService({ db, gateway: stripeGateway, systemEvents, now }),
    connectedAccount,
    ocpp,
    ocpiTokens,
    remoteActions,
    ocpiCommands,
    maintenance,
    deviceModel,
    inspections: createInspectionsService({ db, files, maintenance, now }),
    sessions: createSessionsService({ db, pricing }),
    pricing,
    tariffs,
    roamingSessions,
    violations: createViolationsService({ db, now }),
    schedule: createScheduleService({ db, now, log: ctx.log, onChange: reservations.kick }),
    reservations,
    notifications,
    chargerEvents: createChargerEventsService({ db, chargers }),
    dashboard: createDashboardService({ db, now, ledger }),
    reports: createReportsService({ db, now }),
    powerEngine,
    dpo: createDpoService({ db, engine: powerEngine, plans: billing.plans }),
    utility: createUtilityService({ db, files, now }),
    company: createCompanyService({ db }),
    roaming: createRoamingService({ db, config, now }),
    ocpiRegistration: createRegistrationServer({ db, config, now }),
    meters: createMetersService({ db }),
    manufacturing: createManufacturingService({ db, files, log: ctx.log }),
  };
};

export type Services = ReturnType<typeof createServices>;
