import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { AppError } from '@wattdesk/shared';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import path from 'node:path';
import type { AppConfig } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import './lib/fastify-types.ts';
import { BackgroundTasks } from './lib/background.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { zodToFastJsonSerializer } from './lib/serializer.ts';
import { loadSessionAccess } from './modules/auth/accounts.service.ts';
import { healthRoutes } from './modules/health.routes.ts';
import { recordingMailer, SystemEvents } from './lib/system-events.ts';
import { devProviderRoutes } from './modules/sso/dev-provider/dev-provider.routes.ts';
import { setUpSso } from './modules/sso/sso.setup.ts';
import { accessControlPlugin } from './plugins/access-control.ts';
import { authPlugin } from './plugins/auth.ts';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler, sendError } from './plugins/error-handler.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { tracingPlugin, withTraceIds } from './plugins/tracing.ts';
import { auditTrailPlugin } from './plugins/audit-trail.ts';
import { OutageMonitor } from './lib/database-outage.ts';
import { sql } from 'drizzle-orm';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { createAppMetrics } from './lib/metrics/app-metrics.ts';
import type { JobName } from './lib/metrics/job-metrics.ts';
import { messageLanguagePlugin } from './plugins/message-language.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { DOCS_CSP, helmetPlugin, tileImageSources } from './plugins/helmet.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { createLocalBus, createRedisBus, type ClusterBus } from './lib/cluster-bus.ts';
import { createServices } from './services.ts';
import type { StripeSandbox } from './modules/payments/stripe-sandbox.ts';
import type { CollectedPayment, RefundedPayment } from './lib/payment-ledger.ts';
import { injectTransport } from './modules/payments/sandbox-endpoints.ts';
import type { PricedSession } from './modules/payouts/ledger.service.ts';
import type { PaymentRefunds } from './modules/driver-payments/payment-refunds.ts';
import type { SessionCharges } from './modules/driver-payments/session-charges.ts';
import { registerWebRoutes } from './web-routes.ts';
import { ocpiRoutes } from './modules/ocpi/ocpi.routes.ts';
import type { OutboxWorker } from './modules/ocpi/outbox/outbox-worker.ts';
import { forgetStaleConnections, type OcppServer } from './modules/ocpp/ocpp.service.ts';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

const PLAID_LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
/** Requests admitted per PostgreSQL pool connection (see the admission line below). */
const ADMITTED_PER_POOL_CONNECTION = 5;
/** How often open OCPI commands past their deadline are closed with TIMEOUT (each command's own call does it sooner). */
const OCPI_COMMAND_SWEEP_MS = 30_000;

export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Defaults to Redis when REDIS_URL is set, otherwise this process alone. */
  bus?: ClusterBus;
  /** Defaults to SMTP or the outbox, as configured. */
  mailer?: Mailer;
  now?: () => Date;
  /** `stream`: where the log lines go (tests read them). */
  logger?: boolean | { level: string; stream?: NodeJS.WritableStream };
};

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
    /** The system log (system-logs menu): providers record their errors here. */
    systemEvents: SystemEvents;
    /** The OCPP 1.6J endpoint chargers connect to. */
    ocpp: OcppServer;
    /** The OCPI outbox worker: tests run its passes themselves (OCPI_OUTBOX_POLL_MS=0). */
    ocpiOutbox: OutboxWorker;
    /** The Stripe sandbox (to rehearse provider faults) and one run of the payout schedule, for tests and the job. */
    payouts: {
      sandbox: StripeSandbox;
      recordSessionRevenue: (priced: PricedSession) => Promise<void>;
      /** What driver payments tell the ledger (decision 082), each in its own transaction. */
      collected: (payment: CollectedPayment) => Promise<void>;
      refunded: (refund: RefundedPayment) => Promise<void>;
      runSchedule: () => Promise<void>;
    };
    /**
     * The node's drain (main.ts on SIGTERM and SIGINT; decision 079): /readyz answers 503 and new charger connections
     * 503, background passes stop after the one under way, chargers' calls under way are answered, their sockets
     * closed with 1012 (Service Restart: connect again) and the buffered charger writes stored; then the HTTP listener
     * closes once the requests under way are answered. The database stays open for the caller to close. Asking twice
     * answers the same drain.
     */
    drain: () => Promise<void>;
    /** What a drain still waits for, for the log line of one past its budget. */
    drainProgress: () => Record<string, string | number>;
    /** Session card payments (decision 083): one attempt at a session, and one pass of the job, for tests and the bench. */
    driverPayments: Pick<SessionCharges, 'charge' | 'chargeDue'> & { refundPayment: PaymentRefunds['refundPayment'] };
  }
}

/** Builds the whole API without listening: main.ts listens, tests call inject(). */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: withTraceIds(deps.logger ?? { level: config.logLevel }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Errors met before a route runs (bad URL, over-long parameter, oversized headers) answer in our shape too.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A draining node answers what still reaches it (with Connection: close) rather than Fastify's own 503 in
    // another shape: the balancer takes it out on /readyz, and a request under way must not fail for the drain.
    return503OnClosing: false,
    // One line per request is noise at info level; debug and trace keep it.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  // The API speaks JSON only; anything else is a 415 with a message rather than a confusing 400.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodToFastJsonSerializer);

  const systemEvents = new SystemEvents(database.db, app.log);
  app.decorate('systemEvents', systemEvents);
  // Created first: the parts below are told where to report (issue 45, docs/metrics.md).
  const metrics = config.metrics.enabled ? createAppMetrics() : undefined;
  const transport =
    deps.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger: app.log });
  const mailer = recordingMailer(metrics ? metrics.countedMailer(transport) : transport, systemEvents);
  const background = new BackgroundTasks(app.log, (task, error) => {
    metrics?.backgroundFailed(task);
    return systemEvents.recordError('background', `task.${task}`, error, { task });
  });
  app.decorate('background', background);

  const outage = new OutageMonitor({ probe: () => database.db.execute(sql`select 1`), log: app.log });
  app.addHook('onClose', async () => outage.stop());
  await app.register(tracingPlugin);
  await app.register(errorHandlerPlugin, { outage });
  await app.register(messageLanguagePlugin);
  await app.register(inputGuardPlugin);
  // Read by the refresh call only: the web app's refresh token (modules/auth/refresh-cookie.ts).
  await app.register(cookie);
  await app.register(auditTrailPlugin, { db: database.db });
  // PGlite answers one query at a time (on its own thread), so a short line is all it can serve promptly.
  // PostgreSQL works on as many queries as the pool has connections, but an admitted request spends much of its
  // time around its query (its sign-in checked, its answer built and written, its turn on the event loop): admitted
  // at twice the pool, the connections idled meanwhile and fifty browsers got 70 % of a bare route's reads; at five
  // times, 90 %, and under overload the same throughput and refusals (decision 006, amended 2026-12-06).
  const isEmbedded = database.engine === 'pglite';
  await app.register(loadSheddingPlugin, {
    maxConcurrent: config.db.maxConcurrency ?? (isEmbedded ? 8 : config.db.poolSize * ADMITTED_PER_POOL_CONNECTION),
    maxQueue: config.db.maxQueue,
    targetWaitMs: config.db.queueTargetMs,
    intervalMs: config.db.queueIntervalMs,
    maxWaitMs: config.db.queueTimeoutMs,
  });

  const sso = await setUpSso(config, now);
  await app.register(helmetPlugin, {
    imageSources: tileImageSources(config.map.tileUrl),
    // Configured identity providers are called from the browser (discovery, token endpoint, keys).
    connectSources: sso.connectSources,
    formActions: sso.connectSources,
    // Plaid Link (decision 049) loads its script and frame from Plaid's CDN; the local sandbox needs neither.
    ...('sandbox' in config.plaid ? {} : { scriptSources: [PLAID_LINK_SCRIPT], frameSources: ['https://cdn.plaid.com'] }),
  });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    accessCacheTtlMs: config.accessCacheTtlMs,
    issuer: config.publicUrl,
    loadSessionAccess: (sessionId) => loadSessionAccess(database.db, sessionId, now()),
  });
  await app.register(accessControlPlugin);
  // Before the routes, so that its timing hook sees every one of them.
  if (metrics) await app.register(metricsPlugin, { metrics, token: config.metrics.token });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError('RATE_LIMITED'),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Wattdesk API', version: '1.0.0', description: 'Admin API of the Wattdesk EV charging dashboard' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The document is always built (tests and the fuzz suite read app.swagger()); production serves it only when asked.
  if (config.serveApiDocs) {
    await app.register(swaggerUi, {
      routePrefix: '/docs',
      uiHooks: {
        onRequest: (_request, reply, done) => {
          reply.header('content-security-policy', DOCS_CSP);
          done();
        },
      },
    });
  }

  const bus = deps.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, app.log) : createLocalBus());
  if (!bus.clustered) await forgetStaleConnections(database.db);
  const services = createServices({
    config,
    db: database.db,
    now,
    log: app.log,
    accessCache: app.accessCache,
    signAccessToken: app.signAccessToken,
    mailer,
    background,
    systemEvents,
    bus,
    ssoVerifiers: sso.verifiers,
    ocppTraffic: metrics?.ocppTraffic,
  });
  const { ocpp, stripeSandbox } = services;
  // The Stripe sandbox reads what it stored before it answers; its events go into this app once it is ready.
  if (services.stripeGateway.isSandbox) {
    await stripeSandbox.load();
    app.addHook('onReady', async () => stripeSandbox.connect(injectTransport(app)));
  }
  if (metrics) {
    services.reservations.observe(metrics.jobs.recorder('reservations'));
    services.campaignJob.observe(metrics.jobs.recorder('firmware_campaigns'));
    services.ocpiOutbox.observe(metrics.jobs.recorder('ocpi_outbox'));
    services.ocpiCommands.observeSweep(metrics.jobs.recorder('ocpi_command_sweep'));
    metrics.watch({
      admission: app.loadShedder,
      pool: database.poolStats,
      liveSubscribers: () => bus.liveSubscribers(),
      backgroundTasks: () => background.pending,
      ocpiPending: () => services.ocpiOutbox.pending(),
      ocppConnections: () => ocpp.connectedByVersion(),
      log: app.log,
    });
  }
  app.decorate('payouts', {
    sandbox: stripeSandbox,
    recordSessionRevenue: (priced) => database.db.transaction((tx) => services.ledger.recordSessionRevenue(tx, priced)),
    collected: (payment) => database.db.transaction((tx) => services.ledger.collected(tx, payment)),
    refunded: (refund) => database.db.transaction((tx) => services.ledger.refunded(tx, refund)),
    runSchedule: () => services.transfers.runSchedule(config.payouts.minimumMinor, services.ledger.chargeMonthlyFees),
  });
  // Timed jobs report their passes to the metrics when there are any.
  const tracked = (job: JobName, pass: () => Promise<void>) => (metrics ? () => metrics.jobs.track(job, pass) : pass);
  // The payout schedule (decision 041): monthly deal fees, pending retries, in-transit follow-up, balances paid out.
  const payoutTimer =
    config.payouts.scheduleMinutes > 0
      ? setInterval(
          () =>
            background.run(
              'payouts.schedule',
              tracked('payouts', () => app.payouts.runSchedule()),
            ),
          config.payouts.scheduleMinutes * 60_000,
        )
      : undefined;
  payoutTimer?.unref();
  app.decorate('driverPayments', {
    charge: services.driverPayments.charges.charge,
    chargeDue: services.driverPayments.charges.chargeDue,
    refundPayment: services.paymentRefunds.refundPayment,
  });
  const stopPaymentCharges = services.chargeJob.start(config.driverPayments.jobSeconds * 1000);
  let stoppedPasses: Promise<void> | undefined;
  /** Periodic jobs and the outbox worker: no new pass, the one under way (if any) finished. */
  const stopBackgroundPasses = () =>
    (stoppedPasses ??= (async () => {
      clearInterval(payoutTimer);
      clearInterval(offlineWatch);
      await Promise.all([stopReservations(), stopPaymentCharges(), stopCampaigns(), stopOcpiOutbox(), stopCommandSweep()]);
    })());
  const stopReservations = services.reservations.start(config.reservations.jobSeconds * 1000);
  const stopCampaigns = services.campaignJob.start(config.firmwareCampaignJobSeconds * 1000);
  const stopOcpiOutbox = services.ocpiOutbox.start(config.ocpi.outboxPollMs);
  // OCPI commands left open by a restart get TIMEOUT at start, then the sweep looks every half minute.
  const stopCommandSweep = services.ocpiCommands.startSweep(OCPI_COMMAND_SWEEP_MS);
  // The same rhythm looks for chargers offline too long (0 turns both off, as in tests that drive them).
  const offlineWatch =
    config.reservations.jobSeconds > 0
      ? setInterval(
          () =>
            void tracked('offline_watch', () => services.notifications.watchOffline(config.notifyOfflineMinutes))().catch((error: unknown) =>
              app.log.warn({ err: error }, 'Offline watch failed'),
            ),
          config.reservations.jobSeconds * 1000,
        ).unref()
      : undefined;
  app.decorate('ocpp', ocpp);
  app.decorate('ocpiOutbox', services.ocpiOutbox);
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!ocpp.handleUpgrade(request, socket, head)) socket.destroy();
  });

  let drainPhase: string | undefined;
  let drained: Promise<void> | undefined;
  app.decorate(
    'drain',
    () =>
      (drained ??= (async () => {
        drainPhase = 'background passes';
        ocpp.refuseNewConnections();
        await stopBackgroundPasses();
        // Before the HTTP listener closes: the dashboard keeps answering while chargers move to another node.
        drainPhase = 'charger calls, sockets and buffered writes';
        await ocpp.close();
        drainPhase = 'HTTP requests under way';
        await app.close();
        drainPhase = 'done';
      })()),
  );
  app.decorate('drainProgress', () => ({ phase: drainPhase ?? 'not draining', ...ocpp.openWork(), backgroundTasks: background.size }));
  await app.register(healthRoutes, { db: database.db, readiness: { draining: () => drainPhase !== undefined } });
  await app.register((web) => registerWebRoutes(web, { services, config, bus, now }), { prefix: '/web' });
  await services.ocpiLocations.syncParty();
  await app.register(
    (scope) =>
      ocpiRoutes(scope, {
        db: database.db,
        publicUrl: config.publicUrl,
        registration: services.ocpiRegistration,
        tokens: services.ocpiTokens,
        roamingSessions: services.roamingSessions,
        commands: services.ocpiCommands,
        locations: services.ocpiLocations,
      }),
    { prefix: '/ocpi' },
  );
  for (const issuer of sso.devIssuers) await app.register(devProviderRoutes, { issuer });
  await app.register(webAppPlugin, { distDir: config.webDistDir, serveSourceMaps: config.serveSourceMaps });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, [new AppError('ROUTE_NOT_FOUND').message], 'ROUTE_NOT_FOUND'));
  // Chargers' WebSockets are closed before the HTTP server waits for its connections to end.
  app.addHook('preClose', async () => {
    await stripeSandbox.stop();
    await ocpp.close();
  });
  app.addHook('onClose', async () => {
    services.powerEngine.close();
    await stopBackgroundPasses();
    await bus.close();
    await background.drain();
    await stripeSandbox.close();
    await services.plaidSandbox.close();
    mailer.close();
  });
  return app;
};
