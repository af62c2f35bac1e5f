import type { IdleFeeSettings, RatePeriod, ViolationRules } from '@wattdesk/shared';
import { boolean, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { locations } from './locations.ts';

/**
 * One version of a location's tariff: the rates, fees and violation rules in force from `effective_from`
 * until the next version. Never updated once in force: a session is priced with the version it started under.
 */
export const tariffVersions = pgTable(
  'tariff_versions',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    currency: text('currency').notNull(),
    periods: jsonb('periods').$type<RatePeriod[]>().notNull(),
    /** Minor units, already resolved: the location's own fee or the network default of the time. */
    sessionFee: integer('session_fee_minor').notNull(),
    sessionFeeIsDefault: boolean('session_fee_is_default').notNull(),
    idleFee: jsonb('idle_fee').$type<IdleFeeSettings>().notNull(),
    violationRules: jsonb('violation_rules').$type<ViolationRules>().notNull(),
    createdBy: text('created_by_email'),
    ...timestamps(),
  },
  (table) => [unique('tariff_versions_location_effective_unique').on(table.locationId, table.effectiveFrom)],
);

/** The network's session fee for locations that set none, per currency (minor units). */
export const defaultSessionFees = pgTable('default_session_fees', {
  currency: text('currency').primaryKey(),
  amount: integer('amount_minor').notNull(),
  ...timestamps(),
});
