import { ENVIRONMENTS, USER_TYPES } from '@wattdesk/shared';
import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => ['true', '1', 'yes'].includes(value));

/** Fewest distinct characters, and fewest bits by the secret's own character frequencies, a JWT_SECRET may have. */
const JWT_SECRET_MIN_DISTINCT = 9;
const JWT_SECRET_MIN_BITS = 88;

/**
 * Bits of a secret estimated from its own character frequencies (length × Shannon entropy): an upper bound for a
 * patterned string, near the truth for a random one (32 random hex digits estimate ~115 for their 128, and
 * never fell below these floors in 200,000 draws).
 */
const estimatedSecretBits = (secret: string): number => {
  const counts = new Map<string, number>();
  for (const character of secret) counts.set(character, (counts.get(character) ?? 0) + 1);
  const length = [...secret].length;
  let bitsPerCharacter = 0;
  for (const count of counts.values()) bitsPerCharacter -= (count / length) * Math.log2(count / length);
  return length * bitsPerCharacter;
};

const jwtSecretSchema = z
  .string()
  .min(32, 'JWT_SECRET must be at least 32 characters')
  // Length alone lets 'a'.repeat(64) through: HS256 keys must be guess-proof, not long (issue 39).
  .refine(
    (secret) => new Set(secret).size >= JWT_SECRET_MIN_DISTINCT && estimatedSecretBits(secret) >= JWT_SECRET_MIN_BITS,
    'JWT_SECRET is too predictable (repeated or few distinct characters): use a random value, e.g. openssl rand -base64 48',
  );

/** The settings the server reads from its environment, with their defaults (docs/configuration.md). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: flag.optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9._-]*\/)*$/, 'S3_PREFIX must be empty or folder names ending in /')
    .default(''),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  JWT_SECRET: jwtSecretSchema.optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).optional(),
  /** Absolute lifetime of a sign-in; SESSION_MAX_AGE_DAYS (and the older REFRESH_TOKEN_TTL_DAYS) are still read. */
  SESSION_MAX_AGE_HOURS: z.coerce.number().int().min(1).max(8760).optional(),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(365).optional(),
  /** The spec's 1,800 s of inactivity (section 9), held by the server too. */
  SESSION_IDLE_TIMEOUT_MINUTES: z.coerce.number().int().min(5).max(525_600).default(30),
  REFRESH_GRACE_SECONDS: z.coerce.number().int().min(0).max(120).default(30),
  RESET_TOKEN_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  EMAIL_CHANGE_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(168).default(24),
  MFA_REQUIRED_FOR: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((type) => type.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(USER_TYPES, { error: `MFA_REQUIRED_FOR: each entry must be a user type (${USER_TYPES.join(', ')})` }))),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).max(10_000).default(32),
  PASSWORD_HASH_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(4),
  RESET_MAILS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(5),
  INVITE_TOKEN_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(168),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Wattdesk <no-reply@wattdesk.local>'),
  LOGIN_BACKOFF_AFTER_FAILURES: z.coerce.number().int().min(1).default(3),
  LOGIN_LOCK_AFTER_FAILURES: z.coerce.number().int().min(2).default(10),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().min(1).default(15),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(300),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  ACCESS_CACHE_TTL_MS: z.coerce.number().int().min(0).default(5000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).default(10),
  DB_MAX_CONCURRENCY: z.coerce.number().int().min(1).optional(),
  DB_MAX_QUEUE: z.coerce.number().int().min(1).default(1000),
  DB_QUEUE_TARGET_MS: z.coerce.number().int().min(1).default(100),
  DB_QUEUE_INTERVAL_MS: z.coerce.number().int().min(1).default(500),
  DB_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(1).default(3000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Default: on, except with NODE_ENV=production (config.ts). */
  SEED_DEMO_DATA: flag.optional(),
  /** The OpenAPI UI and document at /docs; default: on, except with NODE_ENV=production. */
  API_DOCS: flag.optional(),
  /** The web app's source maps (*.map); default: served, except with NODE_ENV=production. */
  SOURCE_MAPS: flag.optional(),
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
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
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
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_…, sk_live_…)')
    .optional(),
  STRIPE_CLIENT_ID: z
    .string()
    .regex(/^ca_\w+$/, 'STRIPE_CLIENT_ID must be a Connect client id (ca_…)')
    .optional(),
  STRIPE_API_URL: z.url().optional(),
  /** The plan catalogue (decision 080): plans, what each includes, their Stripe lookup keys. Default apps/api/config/plans.json. */
  BILLING_PLANS_FILE: z.string().min(1).optional(),
  /** The prices the built-in Stripe sandbox answers by lookup key. Default apps/api/config/sandbox-prices.json. */
  BILLING_SANDBOX_PRICES_FILE: z.string().min(1).optional(),
  /** The signing secret of the webhook endpoint /web/payments/payouts/webhook (Stripe Dashboard → Webhooks). */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)')
    .optional(),
  PLAID_CLIENT_ID: z
    .string()
    .regex(/^\w{8,64}$/, 'PLAID_CLIENT_ID must be the client id from the Plaid dashboard')
    .optional(),
  PLAID_SECRET: z
    .string()
    .regex(/^\w{8,128}$/, 'PLAID_SECRET must be the secret from the Plaid dashboard')
    .optional(),
  /** Which Plaid environment the keys belong to (decision 049). */
  PLAID_ENV: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Another address for the Plaid API (a test server); the default follows PLAID_ENV. */
  PLAID_API_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional(),
  OCPP_CALL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  OCPP_MAX_FRAME_BYTES: z.coerce
    .number()
    .int()
    .min(4096)
    .max(16 * 1024 * 1024)
    .default(64 * 1024),
  OCPP_MESSAGES_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(10),
  OCPP_MESSAGE_BURST: z.coerce.number().int().min(1).max(100_000).default(60),
  OCPP_HANDSHAKE_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Heartbeats and meter values are written every this many ms, or sooner when this many rows wait (decision 013). */
  OCPP_TELEMETRY_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  OCPP_TELEMETRY_BATCH_ROWS: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** A drain (SIGTERM) past this exits anyway, naming what was still open; below Kubernetes' 30 s grace by default. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
  NOTIFY_OFFLINE_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  RESERVATION_LEAD_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  RESERVATION_JOB_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Firmware campaigns (decision 052): how often the job looks at running campaigns (0: never); changes kick it at once. */
  FIRMWARE_CAMPAIGN_JOB_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Base URL chargers download images from (UpdateFirmware location); default PUBLIC_URL. */
  FIRMWARE_DOWNLOAD_URL: z.url().optional(),
  /** Image downloads per address per minute (the download route is public, behind its signed token). */
  FIRMWARE_DOWNLOADS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  SIMULATE_CHARGERS: z.coerce.number().int().min(0).max(500).default(0),
  /** How often host balances are paid out automatically; 0 turns the schedule off (decision 041). */
  PAYOUT_SCHEDULE_MINUTES: z.coerce.number().int().min(0).max(44_640).default(1440),
  /** Without Stripe keys: how long a sandbox payout is in transit before it lands (payout.paid). */
  SANDBOX_PAYOUT_DELAY_SECONDS: z.coerce.number().int().min(0).max(604_800).default(60),
  /** The smallest balance (minor units) the schedule pays out: tiny transfers cost more than they are worth. */
  PAYOUT_MINIMUM_MINOR: z.coerce.number().int().min(1).max(100_000_000).default(1000),
  /** Minutes between a declined session payment and its next attempt, one entry per retry (decision 083). */
  PAYMENT_RETRY_MINUTES: z
    .string()
    .default('60,360,1440')
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map(Number),
    )
    .pipe(z.array(z.number().int().min(1).max(44_640)).min(1, 'PAYMENT_RETRY_MINUTES needs at least one number of minutes')),
  /** Declines after which a session payment is failed and the driver refused at the charger until the card is replaced. */
  PAYMENT_MAX_FAILURES: z.coerce.number().int().min(1).max(20).default(3),
  /**
   * How often due session payments are charged (retries, payments that waited for a card); a priced session is charged
   * at once after its commit. 0 turns both off (tests charge by hand); a new card still charges its payments at once.
   */
  PAYMENT_JOB_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  /** Our OCPI party (issue 42): ISO 3166 alpha-2 country and 3-character party id, as partners know us. */
  OCPI_COUNTRY_CODE: z
    .string()
    .regex(/^[A-Z]{2}$/, 'OCPI_COUNTRY_CODE is two capital letters (ISO 3166-1 alpha-2)')
    .default('US'),
  OCPI_PARTY_ID: z
    .string()
    .regex(/^[A-Z0-9]{3}$/, 'OCPI_PARTY_ID is three capital letters or digits')
    .default('WDK'),
  OCPI_BUSINESS_NAME: z.string().min(1).max(100).default('Wattdesk'),
  /** Partner URLs on loopback or private addresses: refused in production unless this is true (SSRF). */
  OCPI_ALLOW_PRIVATE_PARTNER_URLS: z.enum(['true', 'false']).optional(),
  /** How often the OCPI outbox looks for due pushes (changes kick it at once); 0: only when kicked. */
  OCPI_OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
  /** GET /metrics (Prometheus text) and the request timings behind it (issue 45); false serves no metrics at all. */
  METRICS_ENABLED: flag.default(true),
  /** A bearer token /metrics asks for; unset, only this host (loopback, not through a proxy) may read it. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** OpenTelemetry traces over OTLP/HTTP (decision 086): off unless set; the SDK itself reads these. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url()
    .regex(/^https?:\/\//, 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s):// URL')
    .optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z
    .url()
    .regex(/^https?:\/\//, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT must be an http(s):// URL')
    .optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
});

export type Env = z.infer<typeof envSchema>;
