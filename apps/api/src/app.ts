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
import { appConfigRoutes } from './modules/app-config.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { loadSessionAccess } from './modules/auth/auth.repository.ts';
import { createAuthService } from './modules/auth/auth.service.ts';
import { createPasswordResetService } from './modules/auth/password-reset.service.ts';
import { chargersRoutes } from './modules/chargers/chargers.routes.ts';
import { createChargersService } from './modules/chargers/chargers.service.ts';
import { healthRoutes } from './modules/health.routes.ts';
import { locationMutationRoutes } from './modules/locations/location-mutations.routes.ts';
import { createLocationMutations } from './modules/locations/location-mutations.service.ts';
import { locationsRoutes } from './modules/locations/locations.routes.ts';
import { createLocationsService } from './modules/locations/locations.service.ts';
import { activityLogsRoutes } from './modules/activity-logs/activity-logs.routes.ts';
import { createActivityLogsService } from './modules/activity-logs/activity-logs.service.ts';
import { adminsRoutes } from './modules/admins/admins.routes.ts';
import { createAdminsService } from './modules/admins/admins.service.ts';
import { systemLogsRoutes } from './modules/system-logs/system-logs.routes.ts';
import { createSystemLogsService } from './modules/system-logs/system-logs.service.ts';
import { recordingMailer, SystemEvents } from './lib/system-events.ts';
import { devProviderRoutes } from './modules/sso/dev-provider/dev-provider.routes.ts';
import { CUSTOMER_EXCHANGE_PATH, ssoRoutes } from './modules/sso/sso.routes.ts';
import { createSsoService } from './modules/sso/sso.service.ts';
import { setUpSso } from './modules/sso/sso.setup.ts';
import { agreementsRoutes } from './modules/agreements/agreements.routes.ts';
import { createAgreementsService } from './modules/agreements/agreements.service.ts';
import { createSigningService } from './modules/agreements/signing.service.ts';
import { termsRoutes } from './modules/agreements/terms.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { createPaymentsService } from './modules/payments/payments.service.ts';
import { sandboxRoutes } from './modules/payments/sandbox.routes.ts';
import { createStripeGateway } from './modules/payments/stripe-gateway.ts';
import { createStripeSandbox } from './modules/payments/stripe-sandbox.ts';
import { accessControlPlugin } from './plugins/access-control.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin, sendError } from './plugins/error-handler.ts';
import { loadSheddingPlugin } from './plugins/load-shedding.ts';
import { DOCS_CSP, securityHeadersPlugin, tileImageSources } from './plugins/security-headers.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { chargerEventsRoutes } from './modules/charger-events/charger-events.routes.ts';
import { createChargerEventsService } from './modules/charger-events/charger-events.service.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes.ts';
import { createMaintenanceService } from './modules/maintenance/maintenance.service.ts';
import { createLocalBus, createRedisBus, type ClusterBus } from './modules/ocpp/cluster-bus.ts';
import { createOcppServer, type OcppServer } from './modules/ocpp/ocpp-server.ts';
import { clearConnections } from './modules/ocpp/ocpp.repository.ts';
import { remoteActionsRoutes } from './modules/remote-actions/remote-actions.routes.ts';
import { createRemoteActionsService } from './modules/remote-actions/remote-actions.service.ts';
import { sessionsRoutes } from './modules/sessions/sessions.routes.ts';
import { createSessionsService } from './modules/sessions/sessions.service.ts';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export type AppDeps = {
  config: AppConfig;
  database: DatabaseHandle;
  /** Defaults to Redis when REDIS_URL is set, otherwise this process alone. */
  bus?: ClusterBus;
  /** Defaults to SMTP or the outbox, as configured. */
  mailer?: Mailer;
  now?: () => Date;
  logger?: boolean | { level: string };
};

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundTasks;
    /** The system log (system-logs menu): providers record their errors here. */
    systemEvents: SystemEvents;
    /** The OCPP 1.6J endpoint chargers connect to. */
    ocpp: OcppServer;
  }
}

/** Builds the whole API without listening: main.ts listens, tests call inject(). */
export const buildApp = async (deps: AppDeps): Promise<FastifyInstance> => {
  const { config, database } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // One line per request is noise at info level; debug and trace keep it.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  // The API speaks JSON only; anything else is a 415 with a message rather than a confusing 400.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(zodToFastJsonSerializer);

  const systemEvents = new SystemEvents(database.db, app.log);
  app.decorate('systemEvents', systemEvents);
  const mailer = recordingMailer(
    deps.mailer ??
      createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), logger: app.log }),
    systemEvents,
  );
  const background = new BackgroundTasks(app.log, (task, error) => systemEvents.recordError('background', `task.${task}`, error, { task }));
  app.decorate('background', background);

  await app.register(errorHandlerPlugin);
  // PGlite answers one query at a time (on its own thread), so a short line is all it can serve promptly;
  // PostgreSQL works on as many queries as the pool has connections.
  const isEmbedded = database.engine === 'pglite';
  await app.register(loadSheddingPlugin, {
    maxConcurrent: config.db.maxConcurrency ?? (isEmbedded ? 8 : config.db.poolSize * 2),
    maxQueue: config.db.maxQueue ?? (isEmbedded ? 16 : config.db.poolSize * 8),
    queueTimeoutMs: config.db.queueTimeoutMs,
  });

  const sso = await setUpSso(config, now);
  await app.register(securityHeadersPlugin, {
    imageSources: tileImageSources(config.map.tileUrl),
    // Configured identity providers are called from the browser (discovery, token endpoint, keys).
    connectSources: sso.connectSources,
    formActions: sso.connectSources,
  });
  await app.register(authPlugin, {
    secret: config.jwtSecret,
    accessTokenTtlSeconds: config.accessTokenTtlSeconds,
    accessCacheTtlMs: config.accessCacheTtlMs,
    issuer: config.publicUrl,
    loadSessionAccess: (sessionId) => loadSessionAccess(database.db, sessionId),
  });
  await app.register(accessControlPlugin);
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
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    uiHooks: { onRequest: async (_request, reply) => void reply.header('content-security-policy', DOCS_CSP) },
  });

  const auth = createAuthService({
    db: database.db,
    accessCache: app.accessCache,
    signAccessToken: app.signAccessToken,
    refreshTokenTtlDays: config.refreshTokenTtlDays,
    throttle: {
      backoffAfter: config.loginBackoffAfterFailures,
      lockAfter: config.loginLockAfterFailures,
      lockMinutes: config.loginLockMinutes,
    },
    now,
    workforceDomains: config.sso.workforce ? config.sso.workforceDomains : [],
  });
  const passwordReset = createPasswordResetService({
    db: database.db,
    mailer,
    background,
    accessCache: app.accessCache,
    publicUrl: config.publicUrl,
    resetTokenTtlMinutes: config.resetTokenTtlMinutes,
    resetMailsPerHour: config.resetMailsPerHour,
    now,
  });
  const locations = createLocationsService({ db: database.db });
  const chargers = createChargersService({ db: database.db });
  const locationMutations = createLocationMutations({ db: database.db, accessCache: app.accessCache });
  const admins = createAdminsService({
    db: database.db,
    mailer,
    background,
    accessCache: app.accessCache,
    publicUrl: config.publicUrl,
    inviteTokenTtlHours: config.inviteTokenTtlHours,
    now,
  });
  const activityLogs = createActivityLogsService({ db: database.db });
  const systemLogs = createSystemLogsService({ db: database.db });
  const singleSignOn = createSsoService({
    db: database.db,
    auth,
    accessCache: app.accessCache,
    settings: config.sso,
    verifiers: sso.verifiers,
    customerExchangeUrl: `${config.publicUrl}/web${CUSTOMER_EXCHANGE_PATH}`,
    systemEvents,
    now,
  });
  const agreements = createAgreementsService({ db: database.db, mailer, publicUrl: config.publicUrl, now });
  const signing = createSigningService({ db: database.db, mailer, background, now });
  const publicRateLimit = { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowSeconds * 1000 };
  const stripeSandbox = createStripeSandbox(config.jwtSecret, now);
  const stripeGateway = createStripeGateway(config.stripe, stripeSandbox, config.publicUrl);
  const payments = createPaymentsService({ db: database.db, gateway: stripeGateway, secret: config.jwtSecret, publicUrl: config.publicUrl, systemEvents, now });

  const bus = deps.bus ?? (config.redisUrl ? await createRedisBus(config.redisUrl, app.log) : createLocalBus());
  // A single node starting holds no charger connection, whatever an earlier run left in the table.
  if (!bus.clustered) await clearConnections(database.db);
  const ocpp = createOcppServer({ db: database.db, bus, log: app.log, now, callTimeoutMs: config.ocppCallTimeoutMs });
  app.decorate('ocpp', ocpp);
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!ocpp.handleUpgrade(request, socket, head)) socket.destroy();
  });
  const remoteActions = createRemoteActionsService({ db: database.db, ocpp });
  const maintenance = createMaintenanceService({ db: database.db, ocpp });
  const sessions = createSessionsService({ db: database.db });
  const chargerEvents = createChargerEventsService({ db: database.db });

  await app.register(healthRoutes, { db: database.db });
  await app.register(
    async (web) => {
      await web.register(authRoutes, {
        auth,
        passwordReset,
        rateLimit: { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowSeconds * 1000 },
      });
      await web.register(appConfigRoutes, { config });
      await web.register(locationsRoutes, { locations });
      await web.register(locationMutationRoutes, { mutations: locationMutations });
      await web.register(chargersRoutes, { chargers });
      await web.register(adminsRoutes, { admins });
      await web.register(activityLogsRoutes, { activityLogs, now });
      await web.register(systemLogsRoutes, { systemLogs, now });
      await web.register(ssoRoutes, {
        sso: singleSignOn,
        rateLimit: { max: config.authRateLimit.max, timeWindow: config.authRateLimit.windowSeconds * 1000 },
      });
      await web.register(agreementsRoutes, { agreements });
      await web.register(termsRoutes, { signing, rateLimit: publicRateLimit });
      await web.register(paymentsRoutes, { payments });
      await web.register(remoteActionsRoutes, { remoteActions });
      await web.register(maintenanceRoutes, { maintenance });
      await web.register(sessionsRoutes, { sessions, now });
      await web.register(chargerEventsRoutes, { chargerEvents, now });
      await web.register(liveRoutes, { bus });
      if (stripeGateway.isSandbox) await web.register(sandboxRoutes, { sandbox: stripeSandbox, publicUrl: config.publicUrl, rateLimit: publicRateLimit });
    },
    { prefix: '/web' },
  );
  for (const issuer of sso.devIssuers) await app.register(devProviderRoutes, { issuer });
  await app.register(webAppPlugin, { distDir: config.webDistDir });

  app.setNotFoundHandler((_request, reply) => sendError(reply, 404, [new AppError('ROUTE_NOT_FOUND').message], 'ROUTE_NOT_FOUND'));
  app.addHook('onClose', async () => {
    await ocpp.close();
    await bus.close();
    await background.drain();
    await stripeSandbox.close();
    mailer.close();
  });
  return app;
};
