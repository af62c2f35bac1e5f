import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { locations } from './locations.ts';

/**
 * The payment-provider account a location's payouts go to (Stripe Connect). One per location.
 * Only the account id is kept: the OAuth access token is not needed and so not stored.
 */
export const locationPaymentAccounts = pgTable('location_payment_accounts', {
  id: id(),
  locationId: uuid('location_id')
    .notNull()
    .unique()
    .references(() => locations.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().default('stripe'),
  accountId: text('account_id').notNull(),
  livemode: boolean('livemode').notNull(),
  /** Connected through the local sandbox rather than Stripe itself. */
  sandbox: boolean('sandbox').notNull(),
  scope: text('scope'),
  connectedByUserId: uuid('connected_by_user_id'),
  connectedByEmail: text('connected_by_email'),
  connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
  ...timestamps(),
});

export const OAUTH_GRANT_STATUSES = ['pending', 'connected'] as const;

/**
 * One row per authorization code we exchanged (stored as its SHA-256), so the same code posted twice
 * connects once: the first request claims the row, later ones read its outcome.
 */
export const stripeOauthGrants = pgTable(
  'stripe_oauth_grants',
  {
    codeSha256: text('code_sha256').primaryKey(),
    userId: uuid('user_id').notNull(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: OAUTH_GRANT_STATUSES }).notNull().default('pending'),
    accountId: text('account_id'),
    ...timestamps(),
  },
  (table) => [index('stripe_oauth_grants_location_idx').on(table.locationId)],
);
