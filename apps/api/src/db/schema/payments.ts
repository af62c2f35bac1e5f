import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The Stripe account the network's one reseller organisation (the users of type Reseller) is paid its share into
 * (issue 43 part 3). At most one row: `organisation` is always 'reseller'.
 */
export const resellerPaymentAccounts = pgTable(
  'reseller_payment_accounts',
  {
    organisation: text('organisation').primaryKey().default('reseller'),
    provider: text('provider').notNull().default('stripe'),
    accountId: text('account_id').notNull(),
    livemode: boolean('livemode').notNull(),
    sandbox: boolean('sandbox').notNull(),
    scope: text('scope'),
    connectedByUserId: uuid('connected_by_user_id'),
    connectedByEmail: text('connected_by_email'),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [check('reseller_payment_accounts_one', sql`${table.organisation} = 'reseller'`)],
);

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
    /** Null for the reseller's own account (issue 43 part 3), which belongs to no location. */
    locationId: uuid('location_id').references(() => locations.id, { onDelete: 'cascade' }),
    status: text('status', { enum: OAUTH_GRANT_STATUSES }).notNull().default('pending'),
    accountId: text('account_id'),
    ...timestamps(),
  },
  (table) => [index('stripe_oauth_grants_location_idx').on(table.locationId)],
);

/**
 * The bank account a location's payouts are paid into, linked through Plaid (decision 049). One per location.
 * Only what identifies it to a person is kept in clear (bank name, last four, type); the Plaid access token is
 * sealed with the secret box so the Item can be removed at Plaid later, and no account number is stored.
 */
export const locationBankAccounts = pgTable('location_bank_accounts', {
  id: id(),
  locationId: uuid('location_id')
    .notNull()
    .unique()
    .references(() => locations.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull().default('plaid'),
  itemId: text('item_id').notNull(),
  accessTokenSealed: text('access_token_sealed').notNull(),
  providerAccountId: text('provider_account_id').notNull(),
  institutionName: text('institution_name').notNull(),
  accountName: text('account_name').notNull(),
  mask: text('mask'),
  accountType: text('account_type').notNull(),
  accountSubtype: text('account_subtype'),
  /** Linked through the local Plaid sandbox rather than Plaid itself. */
  sandbox: boolean('sandbox').notNull(),
  /**
   * The connected Stripe account this bank account is attached to as its external account (`ba_…`), so payouts
   * land here (issue 43). Null while the location has no connected account, or attaching has not succeeded.
   */
  stripeAccountId: text('stripe_account_id'),
  stripeExternalAccountId: text('stripe_external_account_id'),
  linkedByUserId: uuid('linked_by_user_id'),
  linkedByEmail: text('linked_by_email'),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  ...timestamps(),
});
