import { ACCOUNT_STATUSES, LOCALES, USER_TYPES } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { locations } from './locations.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

export const AUTH_PROVIDERS = ['password', 'workforce', 'customer'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased: e-mail addresses are compared case-insensitively. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number'),
    userType: text('user_type', { enum: USER_TYPES }).notNull(),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('ACTIVE'),
    authProvider: text('auth_provider', { enum: AUTH_PROVIDERS }).notNull().default('password'),
    invitedBy: uuid('invited_by'),
    /** The language the user chose (issue 44); null until a choice, when the browser's (or the mail's default) decides. */
    language: text('language', { enum: LOCALES }),
    ...timestamps(),
  },
  (table) => [
    check('users_user_type_check', sql`${table.userType} in (${quoted(USER_TYPES)})`),
    check('users_status_check', sql`${table.status} in (${quoted(ACCOUNT_STATUSES)})`),
    check('users_auth_provider_check', sql`${table.authProvider} in (${quoted(AUTH_PROVIDERS)})`),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check('users_language_check', sql`${table.language} in (${quoted(LOCALES)})`),
  ],
);

/** A user as stored: what the auth and single sign-on modules read and write. */
export type UserRow = typeof users.$inferSelect;

export const userLocations = pgTable(
  'user_locations',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.locationId] }), index('user_locations_location_idx').on(table.locationId)],
);
