import { DRIVER_DAY_RULES, MENU_ROLES } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, doublePrecision, index, integer, pgTable, text, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A driver is an account (users, type Driver: its e-mail, name, phone, status and invitation) plus what
 * the network needs to let it charge: its location, role, main user, and restrictions. Restrictions are
 * read on every Authorize, so they sit on this one row rather than in a table of their own.
 */
export const drivers = pgTable(
  'drivers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MENU_ROLES }).notNull().default('user'),
    /** A sub-user charges on its main user's account (a family or fleet). */
    mainDriverId: uuid('main_driver_id').references((): AnyPgColumn => drivers.userId, { onDelete: 'no action' }),
    /** Empty: every location of the network. */
    allowedLocationIds: uuid('allowed_location_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Empty: every charger of the allowed locations. */
    allowedChargerIds: uuid('allowed_charger_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    allowedDays: text('allowed_days', { enum: DRIVER_DAY_RULES }).notNull().default('all-days'),
    /** Local hours of the charger's location; from inclusive, to exclusive, wrapping past midnight. Null: any hour. */
    hourFrom: integer('hour_from'),
    hourTo: integer('hour_to'),
    maxKwhPerSession: doublePrecision('max_kwh_per_session'),
    maxSessionsPerDay: integer('max_sessions_per_day'),
    /** The last day (in the charger's location) the driver may charge. */
    expiresOn: date('expires_on', { mode: 'string' }),
    ...timestamps(),
  },
  (table) => [
    index('drivers_location_idx').on(table.locationId),
    index('drivers_main_driver_idx').on(table.mainDriverId),
    check('drivers_role_check', sql`${table.role} in (${quoted(MENU_ROLES)})`),
    check('drivers_allowed_days_check', sql`${table.allowedDays} in (${quoted(DRIVER_DAY_RULES)})`),
    check('drivers_sub_user_check', sql`(${table.role} = 'sub-user') = (${table.mainDriverId} is not null)`),
    check(
      'drivers_hours_check',
      sql`(${table.hourFrom} is null) = (${table.hourTo} is null) and ${table.hourFrom} between 0 and 23 and ${table.hourTo} between 0 and 23`,
    ),
  ],
);

/** RFID cards and app tokens: the idTag a charger presents. Unique across the network, stored upper-cased. */
export const idTags = pgTable(
  'id_tags',
  {
    id: id(),
    tag: text('tag').notNull().unique(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.userId, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['rfid', 'app'] })
      .notNull()
      .default('rfid'),
    ...timestamps(),
  },
  (table) => [index('id_tags_driver_idx').on(table.driverId), check('id_tags_upper_check', sql`${table.tag} = upper(${table.tag})`)],
);

/** What a location's chargers do with a tag no driver has. No row: refuse it. */
export const driverAccessSettings = pgTable('driver_access_settings', {
  locationId: uuid('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  acceptUnknownTags: boolean('accept_unknown_tags').notNull().default(false),
  ...timestamps(),
});
