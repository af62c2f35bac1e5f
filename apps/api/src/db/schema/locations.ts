import type { IdleFeeSettings, ViolationRules } from '@wattdesk/shared';
import { AVAILABILITIES, CHARGER_KINDS, CHARGER_STATUSES, LAST_KNOWN_STATUSES, OCPP_VERSIONS } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, doublePrecision, index, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export type LocationSubscription = { plan: string; status: string; renewsOn: string | null };

export const locations = pgTable(
  'locations',
  {
    id: id(),
    name: text('name').notNull(),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    zipCode: text('zip_code').notNull(),
    state: text('state').notNull(),
    lng: doublePrecision('lng').notNull(),
    lat: doublePrecision('lat').notNull(),
    accessCode: text('access_code').notNull(),
    timeZone: text('time_zone').notNull().default('America/Los_Angeles'),
    /** ISO 4217: what the location's prices and amounts are in. */
    currency: text('currency').notNull().default('USD'),
    /**
     * The location's current fee settings (spec section 3's otherFees and idleFeesOptions); every tariff
     * version copies them, so a session keeps the fees of its version. Session fee in minor units; null: the
     * network default of the currency.
     */
    sessionFee: integer('session_fee_minor'),
    idleFeesOptions: jsonb('idle_fees_options')
      .$type<IdleFeeSettings>()
      .notNull()
      .default({ enabled: false, pricePerMinute: 0, graceMinutes: 0, dailyCap: null, freeHours: null }),
    violationRules: jsonb('violation_rules').$type<ViolationRules>().notNull().default({ maxStay: null, idleLimit: null }),
    hasReseller: boolean('has_reseller').notNull().default(false),
    /** ISO 3166-1 alpha-3, as OCPI's Location object names the country (roaming, issue 42). */
    countryCode: text('country_code').notNull().default('USA'),
    /** Whether roaming partners (OCPI) see this location and its chargers; off until a SuperAdmin turns it on. */
    publishToRoaming: boolean('publish_to_roaming').notNull().default(false),
    /**
     * OCPI's Location.last_updated: the last change of the location, its chargers or their statuses as partners see
     * them. Kept by triggers (modules/ocpi/sql/locations.sql) so GET /ocpi/2.2.1/locations filters on one column.
     */
    ocpiUpdatedAt: timestamp('ocpi_updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Kept by database triggers on chargers (migration 0003), so every way of adding or removing one counts. */
    chargerCount: integer('charger_count').notNull().default(0),
    /** What list searches match: name and city, lower-cased, with a trigram index. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || city)`),
    subscription: jsonb('subscription').$type<LocationSubscription>(),
    ...timestamps(),
  },
  (table) => [
    check('locations_lng_check', sql`${table.lng} between -180 and 180`),
    check('locations_lat_check', sql`${table.lat} between -90 and 90`),
    index('locations_name_idx').on(table.name, table.id),
    index('locations_city_idx').on(table.city),
    index('locations_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // Partners page through published locations in this order, filtered on last_updated (OCPI GET list).
    index('locations_ocpi_published_idx')
      .on(table.ocpiUpdatedAt, table.id)
      .where(sql`${table.publishToRoaming}`),
  ],
);

export const chargers = pgTable(
  'chargers',
  {
    id: id(),
    /** The charger's own identity (OCPP charge point id); unique across the network. */
    chargerId: text('charger_id').notNull().unique(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    thingName: text('thing_name').notNull(),
    kind: text('kind', { enum: CHARGER_KINDS }).notNull(),
    model: text('model').notNull().default(''),
    serialNumber: text('serial_number').notNull().default(''),
    connectorTypes: jsonb('connector_types').$type<string[]>().notNull().default([]),
    maxPowerKw: numeric('max_power_kw', { precision: 7, scale: 2, mode: 'number' }).notNull().default(7.2),
    /** Derived in one place (db/charger-status.ts): maintenance, then offline, then what the charger reported. */
    status: text('status', { enum: CHARGER_STATUSES }).notNull().default('offline'),
    /** What the charger's reports last said, whether or not it is connected; null until it reports a status. */
    lastKnownStatus: text('last_known_status', { enum: LAST_KNOWN_STATUSES }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** HTTP Basic password of OCPP security profile 1, hashed; chargers without one cannot connect. */
    ocppPasswordHash: text('ocpp_password_hash'),
    firmwareVersion: text('firmware_version'),
    vendor: text('vendor'),
    /** What the network wants: maintenance makes it inoperative, also for chargers offline at the time. */
    availability: text('availability', { enum: AVAILABILITIES }).notNull().default('operative'),
    /** The API node holding the charger's WebSocket; null while it is not connected. */
    connectedNode: text('connected_node'),
    /**
     * A demo charger no simulator runs (issue 39): offline is all it can be, so it is not news. Its first connection
     * clears the flag (db/charger-status.ts); from then on it is watched like any charger.
     */
    demoNotConnected: boolean('demo_not_connected').notNull().default(false),
    /** The OCPP version of its latest connection (a firmware update may move it); null until it first connects. */
    ocppVersion: text('ocpp_version', { enum: OCPP_VERSIONS }),
    /** What searches match: name, charger id and model, lower-cased, with a trigram index. */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(name || ' ' || charger_id || ' ' || model)`),
    ...timestamps(),
  },
  (table) => [
    unique('chargers_location_name_unique').on(table.locationId, table.name),
    index('chargers_location_name_idx').on(table.locationId, table.name, table.id),
    index('chargers_location_status_idx').on(table.locationId, table.status),
    // The all-locations views page and count across every charger.
    index('chargers_name_idx').on(table.name, table.id),
    index('chargers_status_idx').on(table.status),
    index('chargers_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    check('chargers_kind_check', sql`${table.kind} in (${sql.raw(CHARGER_KINDS.map((k) => `'${k}'`).join(', '))})`),
    check('chargers_status_check', sql`${table.status} in (${sql.raw(CHARGER_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('chargers_ocpp_version_check', sql`${table.ocppVersion} in (${sql.raw(OCPP_VERSIONS.map((v) => `'${v}'`).join(', '))})`),
    check('chargers_last_known_status_check', sql`${table.lastKnownStatus} in (${sql.raw(LAST_KNOWN_STATUSES.map((s) => `'${s}'`).join(', '))})`),
  ],
);
