import { PAYMENT_METHOD_STATUSES, SESSION_PAYMENT_STATUSES, UNPAID_SESSION_RULES } from '@wattdesk/shared';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { drivers } from './drivers.ts';
import { locations } from './locations.ts';

/**
 * A driver account's card on file (issue 43): the provider's customer and payment method, and what the driver
 * may read of the card. One per main user; a sub-user's sessions are charged to its main user's card.
 */
export const driverPaymentMethods = pgTable('driver_payment_methods', {
  driverId: uuid('driver_id')
    .primaryKey()
    .references(() => drivers.userId, { onDelete: 'cascade' }),
  providerCustomerId: text('provider_customer_id').notNull(),
  /** Null until the driver finishes the provider's hosted page. */
  providerPaymentMethodId: text('provider_payment_method_id'),
  brand: text('brand'),
  last4: text('last4'),
  expMonth: integer('exp_month'),
  expYear: integer('exp_year'),
  status: text('status', { enum: PAYMENT_METHOD_STATUSES }).notNull().default('active'),
  ...timestamps(),
});

/**
 * The payment of one priced session of a driver account, charged off-session with the idempotency key
 * `wd_session_<session id>` so it is charged at most once. No foreign key to the session or location: money
 * records outlive them, as the ledger's do.
 */
export const sessionPayments = pgTable(
  'session_payments',
  {
    sessionId: uuid('session_id').primaryKey(),
    locationId: uuid('location_id').notNull(),
    /** The account charged: the main user of a sub-user's session. */
    driverId: uuid('driver_id').notNull(),
    amount: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: SESSION_PAYMENT_STATUSES }).notNull().default('pending'),
    /** The provider's PaymentIntent id once one exists. */
    providerPaymentId: text('provider_payment_id'),
    /** The provider's fee on the charge, in the same currency, once collected. */
    providerFee: bigint('provider_fee_minor', { mode: 'number' }),
    refunded: bigint('refunded_minor', { mode: 'number' }).notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    index('session_payments_due_idx').on(table.status, table.nextAttemptAt),
    index('session_payments_driver_idx').on(table.driverId, table.createdAt),
    index('session_payments_location_idx').on(table.locationId, table.status, table.createdAt),
  ],
);

/** A location's rule for drivers without a card on file (decision to come with issue 43); no row: receivable. */
export const locationPaymentRules = pgTable('location_payment_rules', {
  locationId: uuid('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  unpaidSessionRule: text('unpaid_session_rule', { enum: UNPAID_SESSION_RULES }).notNull().default('receivable'),
  ...timestamps(),
});

/**
 * The payment sandboxes' own state (Stripe and Plaid stand-ins), so a restart forgets nothing a live provider
 * would remember: one row per object the sandbox created, its wire-format body as it last answered it.
 */
export const paymentSandboxObjects = pgTable(
  'payment_sandbox_objects',
  {
    provider: text('provider', { enum: ['stripe', 'plaid'] }).notNull(),
    objectId: text('object_id').notNull(),
    kind: text('kind').notNull(),
    body: jsonb('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.objectId] }), index('payment_sandbox_objects_kind_idx').on(table.provider, table.kind)],
);
