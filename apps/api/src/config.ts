import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENTS, type Environment } from '@wattdesk/shared';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL').optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  RESET_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
  INVITE_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(168),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Wattdesk <no-reply@wattdesk.local>'),
  LOGIN_BACKOFF_AFTER_FAILURES: z.coerce.number().int().min(1).default(3),
  LOGIN_LOCK_AFTER_FAILURES: z.coerce.number().int().min(2).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  ACCESS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  DB_MAX_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  DB_MAX_QUEUE: z.coerce.number().int().min(1).optional(),
  DB_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).default(30),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  SEED_DEMO_DATA: flag.default(true),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value): boolean | string => (['true', 'false'].includes(value) ? value === 'true' : value)),
  WEBSITE_URL: z.url().default('https://www.wattdesk.example'),
  APP_ENVIRONMENT: z.enum(ENVIRONMENTS).default('local'),
  MAP_TILE_URL: z
    .string()
    .regex(/^https:\/\/[^\s]+\{z\}[^\s]*$/, 'MAP_TILE_URL must be an https URL template with {z}, {x} and {y}')
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  OIDC_WORKFORCE_ISSUER: z.url().optional(),
  OIDC_WORKFORCE_CLIENT_ID: z.string().min(1).default('wattdesk-workforce'),
  OIDC_WORKFORCE_SCOPES: z.string().min(1).default('openid profile email groups'),
  OIDC_WORKFORCE_DOMAINS: z.string().optional(),
  OIDC_WORKFORCE_GROUPS_CLAIM: z.string().min(1).default('groups'),
  OIDC_CUSTOMER_ISSUER: z.url().optional(),
  OIDC_CUSTOMER_CLIENT_ID: z.string().min(1).default('wattdesk-customer-admins'),
  OIDC_CUSTOMER_SCOPES: z.string().min(1).default('openid profile email'),
  OIDC_CUSTOMER_AUDIENCE: z.string().min(1).default('api://wattdesk'),
  OIDC_DEV_PROVIDER: flag.optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_…)').optional(),
  STRIPE_CLIENT_ID: z.string().regex(/^ca_\w+$/, 'STRIPE_CLIENT_ID must be a Connect client id (ca_…)').optional(),
  STRIPE_API_URL: z.url().optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL').optional(),
  OCPP_CALL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  SIMULATE_CHARGERS: z.coerce.number().int().min(0).max(500).default(0),
});

export type Env = z.infer<typeof envSchema>;

export type AppConfig = {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  resetTokenTtlMinutes: number;
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
  db: { poolSize: number; maxConcurrency: number | undefined; maxQueue: number | undefined; queueTimeoutMs: number; statementTimeoutMs: number };
  seedDemoData: boolean;
  webDistDir: string;
  logLevel: Env['LOG_LEVEL'];
  /** Fastify's trustProxy: true, or the comma-separated addresses of the proxies in front. */
  trustProxy: boolean | string;
  websiteUrl: string;
  environment: Environment;
  map: { tileUrl: string | null; attribution: string };
  sso: SsoSettings;
  /** Stripe Connect: the real provider when both keys are set, otherwise the built-in sandbox. */
  stripe: { secretKey: string; clientId: string; apiUrl: string | undefined } | { sandbox: true; apiUrl: undefined };
  /** Several API nodes share live events and charger commands through Redis pub/sub. */
  redisUrl: string | undefined;
  /** How long a charger has to answer a remote action. */
  ocppCallTimeoutMs: number;
  /** Demo: how many seeded chargers `npm start` runs through the simulator in the background. */
  simulateChargers: number;
};

export type SsoProviderSettings = {
  issuer: string;
  clientId: string;
  scope: string;
  /** The `aud` the provider's token must carry: the client id (ID token) or the API audience (access token). */
  audience: string;
  /** The built-in development provider answers for this issuer (no issuer was configured). */
  isDevelopmentProvider: boolean;
};

export type SsoSettings = {
  /** Null: no issuer configured and the development provider is off (production). */
  workforce: (SsoProviderSettings & { groupsClaim: string }) | null;
  customer: SsoProviderSettings | null;
  /** E-mail domains whose users sign in with the workforce provider, whether or not they have a row yet. */
  workforceDomains: string[];
};

/** npm runs workspace scripts inside the workspace; relative paths are meant from where the user typed. */
const invocationDir = () => process.env.INIT_CWD ?? process.cwd();
const repoRoot = path.resolve(import.meta.dirname, '../../..');

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
    throw new ConfigError('Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_CLIENT_ID: set both for Stripe Connect, or neither for the sandbox');
  }
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
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    resetTokenTtlMinutes: env.RESET_TOKEN_TTL_MINUTES,
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
      queueTimeoutMs: env.DB_QUEUE_TIMEOUT_MS,
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    },
    seedDemoData: env.SEED_DEMO_DATA,
    webDistDir: env.WEB_DIST_DIR
      ? path.resolve(invocationDir(), env.WEB_DIST_DIR)
      : path.join(repoRoot, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    websiteUrl: env.WEBSITE_URL,
    environment: env.APP_ENVIRONMENT,
    map: { tileUrl: env.MAP_TILE_URL ?? null, attribution: env.MAP_TILE_ATTRIBUTION },
    sso: ssoSettings(env, publicUrl),
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_CLIENT_ID
        ? { secretKey: env.STRIPE_SECRET_KEY, clientId: env.STRIPE_CLIENT_ID, apiUrl: env.STRIPE_API_URL }
        : { sandbox: true, apiUrl: undefined },
    redisUrl: env.REDIS_URL,
    ocppCallTimeoutMs: env.OCPP_CALL_TIMEOUT_MS,
    simulateChargers: env.SIMULATE_CHARGERS,
  };
};

/** Path of the built-in development provider's issuers on this server. */
export const DEV_ISSUER_PATHS = { workforce: '/oidc/workforce', customer: '/oidc/customer' } as const;

/** The demo directory's workforce domain: its users route to the workforce provider without a row. */
const DEV_WORKFORCE_DOMAIN = 'example.org';

/**
 * Each route uses its configured issuer; without one, the built-in development provider serves it,
 * unless that is switched off (OIDC_DEV_PROVIDER=false, or NODE_ENV=production without the flag).
 */
const ssoSettings = (env: Env, publicUrl: string): SsoSettings => {
  const devEnabled = env.OIDC_DEV_PROVIDER ?? env.NODE_ENV !== 'production';
  // Configured issuers are kept exactly as given: the tokens' `iss` must match them character for character.
  const issuerOf = (configured: string | undefined, provider: keyof typeof DEV_ISSUER_PATHS) =>
    configured ?? (devEnabled ? `${publicUrl}${DEV_ISSUER_PATHS[provider]}` : undefined);
  const workforceIssuer = issuerOf(env.OIDC_WORKFORCE_ISSUER, 'workforce');
  const customerIssuer = issuerOf(env.OIDC_CUSTOMER_ISSUER, 'customer');
  const domains = env.OIDC_WORKFORCE_DOMAINS ?? (workforceIssuer && !env.OIDC_WORKFORCE_ISSUER ? DEV_WORKFORCE_DOMAIN : '');
  return {
    workforce: workforceIssuer
      ? {
          issuer: workforceIssuer,
          clientId: env.OIDC_WORKFORCE_CLIENT_ID,
          scope: env.OIDC_WORKFORCE_SCOPES,
          audience: env.OIDC_WORKFORCE_CLIENT_ID,
          isDevelopmentProvider: !env.OIDC_WORKFORCE_ISSUER,
          groupsClaim: env.OIDC_WORKFORCE_GROUPS_CLAIM,
        }
      : null,
    customer: customerIssuer
      ? {
          issuer: customerIssuer,
          clientId: env.OIDC_CUSTOMER_CLIENT_ID,
          scope: env.OIDC_CUSTOMER_SCOPES,
          audience: env.OIDC_CUSTOMER_AUDIENCE,
          isDevelopmentProvider: !env.OIDC_CUSTOMER_ISSUER,
        }
      : null,
    workforceDomains: domains
      .split(',')
      .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
      .filter(Boolean),
  };
};
