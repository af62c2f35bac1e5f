import { DEAL_KINDS, LEDGER_ACCOUNTS, TRANSFER_STATUSES } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, date, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { locations } from './locations.ts';

/**
 * The ledger (decision 040): append-only, double-entry, per location. One movement is several rows with the
 * same `movementId` whose amounts sum to zero. Balances are sums of these rows, never a stored counter.
 * No foreign key to locations: money records outlive a deleted location. A trigger (migration) refuses
 * UPDATE and DELETE.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    movementId: uuid('movement_id').notNull(),
    locationId: uuid('location_id').notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Signed integer minor units of `currency`. */
    amount: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    event: text('event', {
      enum: [
        'session_priced',
        'share_allocated',
        'transfer_started',
        'transfer_failed',
        'monthly_fee',
        'refund',
        'transfer_reversed',
        // Decision 082: a driver's payment succeeded (once per session); refunded through the provider (once per refund id).
        'payment_collected',
        'payment_refunded',
      ],
    }).notNull(),
    /** What caused the movement (session id, transfer id, deal and month): one movement per cause and event. */
    reference: text('reference').notNull(),
    sessionId: uuid('session_id'),
    transferId: uuid('transfer_id'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ledger_location_account_idx').on(table.locationId, table.account, table.currency),
    index('ledger_location_occurred_idx').on(table.locationId, table.occurredAt),
    // A session's movements (sessionParts: collecting, refunding, writing off one session). Without it each collection
    // read every movement of the session's location: 10,000 payments at one location took minutes (bench/money-in.ts).
    index('ledger_session_idx').on(table.sessionId),
    uniqueIndex('ledger_reference_unique').on(table.event, table.reference, table.account),
  ],
);

/** Host, reseller and platform percentages (basis points) of a location from a moment on. */
export const revenueShares = pgTable(
  'revenue_shares',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    hostBps: integer('host_bps').notNull(),
    resellerBps: integer('reseller_bps').notNull(),
    platformBps: integer('platform_bps').notNull(),
    createdByEmail: text('created_by_email'),
    ...timestamps(),
  },
  (table) => [
    unique('revenue_shares_location_effective_unique').on(table.locationId, table.effectiveFrom),
    check('revenue_shares_add_up', sql`${table.hostBps} + ${table.resellerBps} + ${table.platformBps} = 10000`),
  ],
);

/** A commercial deal on a location: a revenue share for a term, or a fixed monthly fee for a term. */
export const deals = pgTable(
  'deals',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DEAL_KINDS }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    termMonths: integer('term_months').notNull(),
    hostBps: integer('host_bps'),
    resellerBps: integer('reseller_bps'),
    platformBps: integer('platform_bps'),
    currency: text('currency'),
    monthlyFee: bigint('monthly_fee_minor', { mode: 'number' }),
    createdByEmail: text('created_by_email'),
    ...timestamps(),
  },
  (table) => [index('deals_location_idx').on(table.locationId, table.startDate)],
);

/** A payout of a host balance to its connected account: a Stripe transfer, then a payout to the bank. */
export const payoutTransfers = pgTable(
  'payout_transfers',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    currency: text('currency').notNull(),
    amount: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('pending'),
    destination: text('destination').notNull(),
    /** The bank account the payout lands in, as the host knows it ('First Platypus Bank ••••0000'), when known. */
    destinationBank: text('destination_bank'),
    /** Sent with every provider call of this transfer, so a retry can never pay twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    periodFrom: timestamp('period_from', { withTimezone: true }),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull(),
    providerTransferId: text('provider_transfer_id'),
    providerPayoutId: text('provider_payout_id').unique(),
    failureReason: text('failure_reason'),
    requestedByEmail: text('requested_by_email'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('payout_transfers_location_created_idx').on(table.locationId, table.createdAt),
    // At most one transfer in flight per location and currency: the balance cannot be sent twice at once.
    uniqueIndex('payout_transfers_one_pending')
      .on(table.locationId, table.currency)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * A payment of the reseller's collected share to the reseller's connected account (issue 43 part 3). Its ledger
 * movements (one per location the money comes from, reference `reseller:<id>:<location>`) carry its id as
 * `transfer_id`. `requestKey` is the client's idempotency key: the same request sent again pays nothing more.
 */
export const resellerTransfers = pgTable(
  'reseller_transfers',
  {
    id: id(),
    currency: text('currency').notNull(),
    amount: bigint('amount_minor', { mode: 'number' }).notNull(),
    status: text('status', { enum: TRANSFER_STATUSES }).notNull().default('pending'),
    destination: text('destination').notNull(),
    requestKey: uuid('request_key').notNull().unique(),
    /** Sent with every provider call of this transfer, so a retry can never pay twice. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    providerTransferId: text('provider_transfer_id'),
    providerPayoutId: text('provider_payout_id').unique(),
    failureReason: text('failure_reason'),
    requestedByEmail: text('requested_by_email'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('reseller_transfers_created_idx').on(table.createdAt),
    // One transfer in flight per currency: the same collected share cannot be sent twice at once.
    uniqueIndex('reseller_transfers_one_pending')
      .on(table.currency)
      .where(sql`status = 'pending'`),
  ],
);

/** Provider events already handled: the same webhook delivered twice is applied once. */
export const providerEvents = pgTable('provider_events', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
