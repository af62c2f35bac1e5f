import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Environment, UserType } from '@wattdesk/shared';
import { envSchema, type Env } from './env-schema.ts';
import { ssoSettings, type SsoSettings } from './sso-settings.ts';
import type { S3Settings } from './lib/file-storage/index.ts';
import { API_ROOT } from './api-root.ts';
import {
  CatalogueError,
  planCatalogueSchema,
  readConfigFile,
  sandboxPricesSchema,
  type PlanCatalogueFile,
  type SandboxPrice,
} from './modules/billing/plan-catalogue.ts';

export type { Env } from './env-schema.ts';
export { DEV_ISSUER_PATHS, type SsoProviderSettings, type SsoSettings } from './sso-settings.ts';

export type AppConfig = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  /** Absolute lifetime of a sign-in, however often it is refreshed. */
  sessionMaxAgeHours: number;
  /** A sign-in whose refresh token is not used for this long ends. */
  sessionIdleTimeoutMinutes: number;
  /** How long a just-rotated refresh token still answers (two tabs refreshing at once). */
  refreshGraceSeconds: number;
  resetTokenTtlMinutes: number;
  emailChangeTokenTtlHours: number;
  /** User types that must sign in with a second factor (local accounts). */
  mfaRequiredFor: readonly UserType[];
  /** Password hashing has its own small line, so sign-ins cannot starve signed-in reads. */
  passwordHashing: { concurrency: number; queue: number; perAddress: number };
  resetMailsPerHour: number;
  /** How long an invitation's set-password link works. */
  inviteTokenTtlHours: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  loginBackoffAfterFailures: number;
  loginLockAfterFailures: number;
  loginLockMinutes: number;
  authRateLimit: { max: number; windowSeconds: number };
  accessCacheTtlMs: number;
  /** Admission control in front of the database; unset limits follow the engine (see docs/configuration.md). */
  db: {
    poolSize: number;
    maxConcurrency: number | undefined;
    maxQueue: number;
    queueTargetMs: number;
    queueIntervalMs: number;
    queueTimeoutMs: number;
    statementTimeoutMs: number;
  };
  /** Demo network at the first start; in production only when SEED_DEMO_DATA=true says so. */
  seedDemoData: boolean;
  /** Production that was explicitly asked for demo data: a public demo, where demo passwords are expected. */
  demoPasswordsAllowed: boolean;
  serveApiDocs: boolean;
  serveSourceMaps: boolean;
  webDistDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** Unset: readable lines when a person runs it in a terminal, JSON lines for a log collector otherwise. */
  logFormat: Env['LOG_FORMAT'];
  /** Fastify's trustProxy: true, or the comma-separated addresses of the proxies in front. */
  trustProxy: boolean | string;
  websiteUrl: string;
  environment: Environment;
  map: { tileUrl: string | null; attribution: string };
  sso: SsoSettings;
  /** Stripe Connect: the real provider when both keys are set, otherwise the built-in sandbox. */
  stripe:
    | { secretKey: string; clientId: string; apiUrl: string | undefined; webhookSecret: string | undefined }
    /** `payoutDelaySeconds`: how long a sandbox payout is in transit before it lands. */
    | { sandbox: true; apiUrl: undefined; payoutDelaySeconds: number };
  /** The plan catalogue and the sandbox's prices, read and validated at start (decision 080). */
  billing: { catalogue: PlanCatalogueFile; sandboxPrices: readonly SandboxPrice[] };
  /** Bank linking through Plaid: the real provider when both keys are set, otherwise the built-in sandbox (decision 049). */
  plaid: { clientId: string; secret: string; env: 'sandbox' | 'production'; apiUrl: string | undefined } | { sandbox: true };
  /** Uploaded files: S3-compatible object storage when S3_BUCKET is set, otherwise DATA_DIR/files. */
  s3: S3Settings | undefined;
  /** Several API nodes share live events and charger commands through Redis pub/sub. */
  redisUrl: string | undefined;
  /** How long a charger has to answer a remote action. */
  ocppCallTimeoutMs: number;
  payouts: { scheduleMinutes: number; minimumMinor: number };
  /** Session card payments (decision 083): retry schedule, declines before failing, job rhythm. */
  driverPayments: { retryMinutes: number[]; maxFailures: number; jobSeconds: number };
  /** Frame size, message rate and failed-handshake limits of the OCPP endpoint (decision 011). */
  ocppLimits: { maxFrameBytes: number; messagesPerSecond: number; messageBurst: number; handshakeFailuresPerMinute: number };
  /** Charger telemetry is written in batches: every `flushMs`, or at once when `batchRows` rows wait (decision 013). */
  ocppTelemetry: { flushMs: number; batchRows: number };
  /** Bookings become OCPP reservations this long before they start; the job looks every `jobSeconds` (0: never). */
  reservations: { leadMinutes: number; jobSeconds: number };
  /** A charger offline this long is a notification (checked on the reservation job's timer). */
  notifyOfflineMinutes: number;
  /** A drain (SIGTERM) past this many seconds exits anyway (main.ts). */
  shutdownTimeoutSeconds: number;
  /** Our OCPI party and whether partner URLs may point at private addresses (always outside production). */
  ocpi: { countryCode: string; partyId: string; businessName: string; allowPrivatePartnerUrls: boolean; outboxPollMs: number };
  /** Firmware campaigns (decision 052): job interval (0: never), where chargers download, downloads per address a minute. */
  firmwareCampaignJobSeconds: number;
  firmwareDownloadUrl: string;
  firmwareDownloadsPerMinute: number;
  /** Demo: how many seeded chargers `npm start` runs through the simulator in the background. */
  simulateChargers: number;
  /** GET /metrics: off entirely, or guarded by a bearer token (unset: loopback only). */
  metrics: { enabled: boolean; token: string | undefined };
};

/** npm runs workspace scripts inside the workspace; relative paths are meant from where the user typed. */
const invocationDir = () => process.env.INIT_CWD ?? process.cwd();
const repoRoot = path.resolve(API_ROOT, '../..');

/**
 * Without JWT_SECRET, a random secret is kept in DATA_DIR so local tokens survive a restart.
 * Several API nodes must share one: production refuses to start without it.
 */
const localJwtSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

export class ConfigError extends Error {}

/** A working day by default (issue 39); the older settings in days still count when set. */
const sessionMaxAgeHours = (env: { SESSION_MAX_AGE_HOURS?: number; SESSION_MAX_AGE_DAYS?: number; REFRESH_TOKEN_TTL_DAYS?: number }): number => {
  const days = env.SESSION_MAX_AGE_DAYS ?? env.REFRESH_TOKEN_TTL_DAYS;
  return env.SESSION_MAX_AGE_HOURS ?? (days === undefined ? 12 : days * 24);
};

/** The plan catalogue and the sandbox's prices; a bad file stops the start with the field it got wrong. */
const billingSettings = (env: Env): AppConfig['billing'] => {
  const file = (value: string | undefined, name: string) => (value ? path.resolve(invocationDir(), value) : path.join(API_ROOT, 'config', name));
  try {
    return {
      catalogue: readConfigFile(file(env.BILLING_PLANS_FILE, 'plans.json'), planCatalogueSchema),
      sandboxPrices: readConfigFile(file(env.BILLING_SANDBOX_PRICES_FILE, 'sandbox-prices.json'), sandboxPricesSchema).prices,
    };
  } catch (error) {
    if (error instanceof CatalogueError) throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    throw error;
  }
};

export const loadConfig = (source: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_CLIENT_ID)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_CLIENT_ID: set both for Stripe Connect, or neither for the sandbox',
    );
  }
  if (Boolean(env.PLAID_CLIENT_ID) !== Boolean(env.PLAID_SECRET)) {
    throw new ConfigError('Invalid configuration:\n  PLAID_CLIENT_ID and PLAID_SECRET: set both for Plaid, or neither for the sandbox');
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError("Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither for the SDK's own credentials");
  }
  const production = env.NODE_ENV === 'production';
  const dataDir = path.resolve(invocationDir(), env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: env.JWT_SECRET ?? localJwtSecret(dataDir),
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    sessionMaxAgeHours: sessionMaxAgeHours(env),
    sessionIdleTimeoutMinutes: env.SESSION_IDLE_TIMEOUT_MINUTES,
    refreshGraceSeconds: env.REFRESH_GRACE_SECONDS,
    resetTokenTtlMinutes: env.RESET_TOKEN_TTL_MINUTES,
    emailChangeTokenTtlHours: env.EMAIL_CHANGE_TOKEN_TTL_HOURS,
    mfaRequiredFor: env.MFA_REQUIRED_FOR,
    passwordHashing: { concurrency: env.PASSWORD_HASH_CONCURRENCY, queue: env.PASSWORD_HASH_QUEUE, perAddress: env.PASSWORD_HASH_PER_ADDRESS },
    resetMailsPerHour: env.RESET_MAILS_PER_HOUR,
    inviteTokenTtlHours: env.INVITE_TOKEN_TTL_HOURS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    loginBackoffAfterFailures: env.LOGIN_BACKOFF_AFTER_FAILURES,
    loginLockAfterFailures: env.LOGIN_LOCK_AFTER_FAILURES,
    loginLockMinutes: env.LOGIN_LOCK_MINUTES,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    accessCacheTtlMs: env.ACCESS_CACHE_TTL_MS,
    db: {
      poolSize: env.DB_POOL_SIZE,
      maxConcurrency: env.DB_MAX_CONCURRENCY,
      maxQueue: env.DB_MAX_QUEUE,
      queueTargetMs: env.DB_QUEUE_TARGET_MS,
      queueIntervalMs: env.DB_QUEUE_INTERVAL_MS,
      queueTimeoutMs: env.DB_QUEUE_TIMEOUT_MS,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    },
    seedDemoData: env.SEED_DEMO_DATA ?? !production,
    demoPasswordsAllowed: !production || env.SEED_DEMO_DATA === true,
    serveApiDocs: env.API_DOCS ?? !production,
    serveSourceMaps: env.SOURCE_MAPS ?? !production,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(invocationDir(), env.WEB_DIST_DIR) : path.join(repoRoot, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    trustProxy: env.TRUST_PROXY,
    websiteUrl: env.WEBSITE_URL,
    environment: env.APP_ENVIRONMENT,
    map: { tileUrl: env.MAP_TILE_URL ?? null, attribution: env.MAP_TILE_ATTRIBUTION },
    sso: ssoSettings(env, publicUrl),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_CLIENT_ID
        ? { secretKey: env.STRIPE_SECRET_KEY, clientId: env.STRIPE_CLIENT_ID, apiUrl: env.STRIPE_API_URL, webhookSecret: env.STRIPE_WEBHOOK_SECRET }
        : { sandbox: true, apiUrl: undefined, payoutDelaySeconds: env.SANDBOX_PAYOUT_DELAY_SECONDS },
    billing: billingSettings(env),
    plaid:
      env.PLAID_CLIENT_ID && env.PLAID_SECRET
        ? { clientId: env.PLAID_CLIENT_ID, secret: env.PLAID_SECRET, env: env.PLAID_ENV, apiUrl: env.PLAID_API_URL }
        : { sandbox: true },
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          // Most S3-compatible services only answer path-style addresses; AWS itself prefers virtual hosts.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
          credentials:
            env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
              : undefined,
          prefix: env.S3_PREFIX,
        }
      : undefined,
    redisUrl: env.REDIS_URL,
    ocppCallTimeoutMs: env.OCPP_CALL_TIMEOUT_MS,
    payouts: { scheduleMinutes: env.PAYOUT_SCHEDULE_MINUTES, minimumMinor: env.PAYOUT_MINIMUM_MINOR },
    driverPayments: { retryMinutes: env.PAYMENT_RETRY_MINUTES, maxFailures: env.PAYMENT_MAX_FAILURES, jobSeconds: env.PAYMENT_JOB_SECONDS },
    ocppLimits: {
      maxFrameBytes: env.OCPP_MAX_FRAME_BYTES,
      messagesPerSecond: env.OCPP_MESSAGES_PER_SECOND,
      messageBurst: env.OCPP_MESSAGE_BURST,
      handshakeFailuresPerMinute: env.OCPP_HANDSHAKE_FAILURES_PER_MINUTE,
    },
    ocppTelemetry: { flushMs: env.OCPP_TELEMETRY_FLUSH_MS, batchRows: env.OCPP_TELEMETRY_BATCH_ROWS },
    reservations: { leadMinutes: env.RESERVATION_LEAD_MINUTES, jobSeconds: env.RESERVATION_JOB_SECONDS },
    firmwareCampaignJobSeconds: env.FIRMWARE_CAMPAIGN_JOB_SECONDS,
    firmwareDownloadUrl: (env.FIRMWARE_DOWNLOAD_URL ?? publicUrl).replace(/\/$/, ''),
    firmwareDownloadsPerMinute: env.FIRMWARE_DOWNLOADS_PER_MINUTE,
    notifyOfflineMinutes: env.NOTIFY_OFFLINE_MINUTES,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    ocpi: {
      countryCode: env.OCPI_COUNTRY_CODE,
      partyId: env.OCPI_PARTY_ID,
      businessName: env.OCPI_BUSINESS_NAME,
      allowPrivatePartnerUrls: env.OCPI_ALLOW_PRIVATE_PARTNER_URLS ? env.OCPI_ALLOW_PRIVATE_PARTNER_URLS === 'true' : !production,
      outboxPollMs: env.OCPI_OUTBOX_POLL_MS,
    },
    simulateChargers: env.SIMULATE_CHARGERS,
    metrics: { enabled: env.METRICS_ENABLED, token: env.METRICS_TOKEN },
  };
};
