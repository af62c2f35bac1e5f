import { ACCOUNT_STATUSES } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { chargers, locations } from './locations.ts';

/**
 * The host's billing identity at the payment provider, one per location: the customer and the card on
 * file. Only what a person needs to recognise the card is kept (brand, last four, expiry); the number
 * never reaches us, it goes from the browser to the provider's card page.
 */
export const billingCustomers = pgTable('billing_customers', {
  id: id(),
  locationId: uuid('location_id')
    .notNull()
    .unique()
    .references(() => locations.id, { onDelete: 'cascade' }),
  customerId: text('customer_id').notNull(),
  /** Made in the local sandbox rather than at Stripe: not usable once keys are configured. */
  sandbox: boolean('sandbox').notNull(),
  paymentMethodId: text('payment_method_id'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  cardExpMonth: integer('card_exp_month'),
  cardExpYear: integer('card_exp_year'),
  cardUpdatedAt: timestamp('card_updated_at', { withTimezone: true }),
  cardUpdatedByEmail: text('card_updated_by_email'),
  ...timestamps(),
});

/**
 * A location's plan at the provider. status follows spec section 3: PENDING while the provider is asked
 * (the row is the claim that keeps two activations apart), ACTIVE, INACTIVE once cancelled.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .unique()
      .references(() => locations.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    itemId: text('item_id'),
    /** A plan key of the plan catalogue (decision 080): configuration, so not a database enum. */
    planId: text('plan_id').notNull(),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull(),
    quantity: integer('quantity').notNull(),
    unitAmount: integer('unit_amount').notNull(),
    currency: text('currency').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    sandbox: boolean('sandbox').notNull(),
    /** The idempotency key of the last activation, change or cancellation: a retry answers its outcome. */
    lastKey: text('last_key').notNull(),
    ...timestamps(),
  },
  (table) => [check('billing_subscriptions_quantity_check', sql`${table.quantity} > 0`)],
);

/** Software licences of a location: seats for chargers, each licence valid until it expires. */
export const licenses = pgTable(
  'licenses',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    seats: integer('seats').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    autoRenew: boolean('auto_renew').notNull().default(true),
    /** Creating or renewing with the same key twice does it once. */
    lastKey: text('last_key'),
    ...timestamps(),
  },
  (table) => [index('licenses_location_idx').on(table.locationId), check('licenses_seats_check', sql`${table.seats} > 0`)],
);

/** Which charger holds a seat of which licence: a charger holds at most one. */
export const licenseAssignments = pgTable(
  'license_assignments',
  {
    chargerId: uuid('charger_id')
      .primaryKey()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    licenseId: uuid('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (table) => [index('license_assignments_license_idx').on(table.licenseId)],
);
