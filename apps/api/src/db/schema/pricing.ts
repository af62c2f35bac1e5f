import type { LineItemDetail, LineItemKind, ViolationRule } from '@wattdesk/shared';
import { VIOLATION_RULES, VIOLATION_STATUSES } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { chargingSessions } from './charging.ts';
import { id, timestamps } from './columns.ts';
import { chargers, locations } from './locations.ts';
import { tariffVersions } from './tariffs.ts';

/** Connector statuses reported while a session was open: what idle time is measured from. */
export const sessionStatusChanges = pgTable(
  'session_status_changes',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.at] })],
);

/**
 * The final price of a stopped session, stored once when StopTransaction arrives: what revenue and payouts
 * read. Total and amounts are integer minor units of `currency`.
 */
export const sessionPrices = pgTable(
  'session_prices',
  {
    sessionId: uuid('session_id')
      .primaryKey()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    tariffVersionId: uuid('tariff_version_id')
      .notNull()
      .references(() => tariffVersions.id, { onDelete: 'no action' }),
    currency: text('currency').notNull(),
    /** The sum of the line items that are charged (waived violations excluded). */
    total: bigint('total_minor', { mode: 'number' }).notNull(),
    energyWh: doublePrecision('energy_wh').notNull(),
    chargingSeconds: integer('charging_seconds').notNull(),
    idleSeconds: integer('idle_seconds').notNull(),
    pricedAt: timestamp('priced_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [index('session_prices_location_priced_idx').on(table.locationId, table.pricedAt)],
);

export const sessionLineItems = pgTable(
  'session_line_items',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessionPrices.sessionId, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    kind: text('kind').$type<LineItemKind>().notNull(),
    description: text('description').notNull(),
    /** What the reader's language words the line from (issue 44); null before it was kept. */
    detail: jsonb('detail').$type<LineItemDetail>(),
    quantity: doublePrecision('quantity').notNull(),
    unit: text('unit').$type<'kWh' | 'h' | 'min' | 'session'>().notNull(),
    periodIndex: integer('period_index'),
    rule: text('rule').$type<ViolationRule>(),
    amount: bigint('amount_minor', { mode: 'number' }).notNull(),
    waived: boolean('waived').notNull().default(false),
  },
  (table) => [unique('session_line_items_position_unique').on(table.sessionId, table.position)],
);

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/** A rule a session broke, found when it stopped. Waiving needs a reason; both are in the activity log. */
export const violations = pgTable(
  'violations',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    idTag: text('id_tag').notNull(),
    rule: text('rule', { enum: VIOLATION_RULES }).notNull(),
    amount: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: VIOLATION_STATUSES }).notNull().default('open'),
    detectedAt: timestamp('detected_at', { withTimezone: true }).notNull(),
    limitMinutes: integer('limit_minutes').notNull(),
    actualMinutes: integer('actual_minutes').notNull(),
    reason: text('reason'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by_email'),
    ...timestamps(),
  },
  (table) => [
    unique('violations_session_rule_unique').on(table.sessionId, table.rule),
    index('violations_location_detected_idx').on(table.locationId, table.detectedAt),
    check('violations_rule_check', sql`${table.rule} in (${inList(VIOLATION_RULES)})`),
    check('violations_status_check', sql`${table.status} in (${inList(VIOLATION_STATUSES)})`),
  ],
);
