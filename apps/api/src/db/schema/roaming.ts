import { OCPI_PARTNER_STATUSES } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { chargers } from './locations.ts';
import { chargingSessions } from './charging.ts';

/** One endpoint of a partner's version details (OCPI 2.2.1 "Endpoint class"). */
export type OcpiEndpoint = { identifier: string; role: 'SENDER' | 'RECEIVER'; url: string };
/** A role the partner plays (OCPI 2.2.1 "CredentialsRole class"), as its credentials object told it. */
export type OcpiPartnerRole = {
  role: string;
  party_id: string;
  country_code: string;
  business_details: { name: string; website?: string; logo?: unknown };
};

/**
 * A roaming partner (an eMSP or hub) we exchange OCPI with (issue 42). The partner calls us with a credentials
 * token we issued — token A until it registers, then the token C we gave it — stored only as a SHA-256 hash; we
 * call it with the token it gave us, stored encrypted (secret box), never in the clear.
 */
export const ocpiPartners = pgTable(
  'ocpi_partners',
  {
    id: id(),
    name: text('name').notNull(),
    status: text('status', { enum: OCPI_PARTNER_STATUSES }).notNull().default('PENDING'),
    /** The partner's own party (ISO 3166 alpha-2 + 3-character party id), known once it registers. */
    countryCode: text('country_code'),
    partyId: text('party_id'),
    roles: jsonb('roles').$type<OcpiPartnerRole[]>().notNull().default([]),
    /** SHA-256 (hex) of the token the partner presents to us. */
    incomingTokenHash: text('incoming_token_hash').notNull(),
    /** 'A' while the one-time registration token is out; 'C' once the partner registered. */
    incomingTokenKind: text('incoming_token_kind', { enum: ['A', 'C'] })
      .notNull()
      .default('A'),
    /** The token we present to the partner, sealed with the secret box; null until one is known. */
    outgoingTokenSealed: text('outgoing_token_sealed'),
    versionsUrl: text('versions_url'),
    version: text('version'),
    endpoints: jsonb('endpoints').$type<OcpiEndpoint[]>().notNull().default([]),
    lastExchangeAt: timestamp('last_exchange_at', { withTimezone: true }),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lastFailure: text('last_failure'),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex('ocpi_partners_incoming_token_unique').on(table.incomingTokenHash),
    uniqueIndex('ocpi_partners_party_unique')
      .on(table.countryCode, table.partyId)
      .where(sql`${table.countryCode} is not null`),
    check('ocpi_partners_status_check', sql`${table.status} in (${sql.raw(OCPI_PARTNER_STATUSES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

/** A driver token a partner pushed to us (OCPI Tokens module, we are RECEIVER). `body` is the Token object as sent. */
export const ocpiTokens = pgTable(
  'ocpi_tokens',
  {
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => ocpiPartners.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
    uid: text('uid').notNull(),
    type: text('type').notNull(),
    contractId: text('contract_id').notNull(),
    valid: boolean('valid').notNull(),
    /** ALWAYS, ALLOWED, ALLOWED_OFFLINE or NEVER. */
    whitelist: text('whitelist').notNull(),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull(),
  },
  (table) => [
    unique('ocpi_tokens_key_unique').on(table.countryCode, table.partyId, table.uid, table.type),
    // The charger presents only the uid (its idTag / IdToken).
    index('ocpi_tokens_uid_idx').on(table.uid),
    index('ocpi_tokens_partner_idx').on(table.partnerId, table.lastUpdated),
  ],
);

/**
 * What we owe a partner: every push (locations, sessions, CDRs, command results) is a row here first, written in
 * the transaction that changed the object, and delivered by the outbox worker with retries. Rows of one
 * (partner, object_key) are delivered in id order, so a partner never sees an older state after a newer one.
 */
export const ocpiOutbox = pgTable(
  'ocpi_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => ocpiPartners.id, { onDelete: 'cascade' }),
    /** OCPI module identifier: locations, sessions, cdrs, tariffs, commands. */
    module: text('module').notNull(),
    objectKey: text('object_key').notNull(),
    method: text('method', { enum: ['PUT', 'PATCH', 'POST'] }).notNull(),
    /** Appended to the partner's RECEIVER endpoint of `module` (e.g. /US/WDK/LOC1/EVSE1); null when `url` is set. */
    path: text('path'),
    /** An absolute URL the partner gave (a command's response_url). */
    url: text('url'),
    body: jsonb('body').$type<unknown>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (table) => [
    index('ocpi_outbox_pending_idx')
      .on(table.partnerId, table.objectKey, table.id)
      .where(sql`${table.deliveredAt} is null`),
    index('ocpi_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.deliveredAt} is null`),
  ],
);

/** A session started by a partner's driver: which token, which partner, how it was authorised. */
export const ocpiSessionLinks = pgTable(
  'ocpi_session_links',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    /** Kept when a partner is removed: the session and what it earned stay ours. */
    partnerId: uuid('partner_id').references(() => ocpiPartners.id, { onDelete: 'set null' }),
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
    tokenUid: text('token_uid').notNull(),
    tokenType: text('token_type').notNull(),
    contractId: text('contract_id').notNull(),
    /** AUTH_REQUEST, COMMAND or WHITELIST. */
    authMethod: text('auth_method').notNull(),
    authorizationReference: text('authorization_reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ocpi_session_links_partner_idx').on(table.partnerId, table.createdAt)],
);

/** A CDR as issued: immutable once written (a correction would be a new CDR), so GET /cdrs pages stored rows. */
export const ocpiCdrs = pgTable(
  'ocpi_cdrs',
  {
    id: text('id').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .unique()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').references(() => ocpiPartners.id, { onDelete: 'set null' }),
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    lastUpdated: timestamp('last_updated', { withTimezone: true }).notNull(),
  },
  (table) => [index('ocpi_cdrs_partner_updated_idx').on(table.partnerId, table.lastUpdated, table.id)],
);

/**
 * A command a partner sent (START_SESSION …): kept until its CommandResult is queued, so a restart can still
 * answer TIMEOUT for one the charger never answered.
 */
export const ocpiCommands = pgTable(
  'ocpi_commands',
  {
    id: id(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => ocpiPartners.id, { onDelete: 'cascade' }),
    command: text('command').notNull(),
    chargerId: uuid('charger_id').references(() => chargers.id, { onDelete: 'set null' }),
    responseUrl: text('response_url').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    /** null until the charger answered or the deadline passed; then the CommandResultType sent. */
    result: text('result'),
    /** RESERVE_NOW: the OCPP reservationId we gave the charger (the partner's reservation_id never reaches it). */
    ocppReservationId: integer('ocpp_reservation_id'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ocpi_commands_open_idx')
      .on(table.deadlineAt)
      .where(sql`${table.result} is null`),
    // A session starting at a charger looks for a recent START_SESSION there (ocpi/sql/command-session-links.sql).
    index('ocpi_commands_charger_idx').on(table.chargerId, table.createdAt),
  ],
);

/**
 * Our own OCPI party (config.ocpi), copied at start into a one-row table: the database triggers that queue EVSE
 * status pushes (modules/ocpi/sql/locations.sql) name the object by it, /{country_code}/{party_id}/{location}/{evse}.
 */
export const ocpiParty = pgTable(
  'ocpi_party',
  {
    single: boolean('single').primaryKey().default(true),
    countryCode: text('country_code').notNull(),
    partyId: text('party_id').notNull(),
  },
  (table) => [check('ocpi_party_single_check', sql`${table.single}`)],
);
