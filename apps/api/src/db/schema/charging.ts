import { CONNECTOR_STATUSES, SESSION_STATUSES } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { drivers } from './drivers.ts';
import { chargers, locations } from './locations.ts';
import { tariffVersions } from './tariffs.ts';

/** The last StatusNotification of each connector (0 is the charger as a whole). */
export const connectorStates = pgTable(
  'connector_states',
  {
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    status: text('status', { enum: CONNECTOR_STATUSES }).notNull(),
    errorCode: text('error_code').notNull().default('NoError'),
    info: text('info'),
    /** The charger's own timestamp when it sent one: an older report never overwrites a newer one. */
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.chargerId, table.connectorId] })],
);

/**
 * One OCPP transaction. transactionId is the integer the charger echoes back; the start is
 * idempotent on (charger, connector, start time, id tag) so a repeated StartTransaction gets the same id.
 */
export const chargingSessions = pgTable(
  'charging_sessions',
  {
    id: id(),
    transactionId: integer('transaction_id').generatedAlwaysAsIdentity().notNull().unique(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    /** Where the session happened; a charger moved later keeps its past sessions at the old location. */
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    connectorId: integer('connector_id').notNull(),
    idTag: text('id_tag').notNull(),
    /** The driver the id tag belonged to when the session started; null for unknown tags (free vend). */
    driverId: uuid('driver_id').references(() => drivers.userId, { onDelete: 'set null' }),
    status: text('status', { enum: SESSION_STATUSES }).notNull().default('active'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    meterStartWh: doublePrecision('meter_start_wh').notNull(),
    meterLastWh: doublePrecision('meter_last_wh').notNull(),
    meterStopWh: doublePrecision('meter_stop_wh'),
    energyWh: doublePrecision('energy_wh').generatedAlwaysAs(sql`greatest(coalesce(meter_stop_wh, meter_last_wh) - meter_start_wh, 0)`),
    powerW: doublePrecision('power_w'),
    stopReason: text('stop_reason'),
    /** The tariff version in force when the session started: it is priced with that one, live and final. */
    tariffVersionId: uuid('tariff_version_id').references(() => tariffVersions.id, { onDelete: 'set null' }),
    /**
     * OCPP 2.0.1: the transaction id the charger chose (a string, unique per charger); null for 1.6, whose charger
     * echoes our integer transactionId. Both kinds are one session model (issue 41).
     */
    chargerTransactionId: text('charger_transaction_id'),
    ...timestamps(),
  },
  (table) => [
    unique('charging_sessions_charger_transaction_unique').on(table.chargerId, table.chargerTransactionId),
    unique('charging_sessions_start_unique').on(table.chargerId, table.connectorId, table.startedAt, table.idTag),
    index('charging_sessions_location_started_idx').on(table.locationId, table.startedAt),
    // The sessions report over every location reads its pages along this (keyset, decision 057).
    index('charging_sessions_started_id_idx').on(table.startedAt, table.id),
    index('charging_sessions_active_idx')
      .on(table.chargerId)
      .where(sql`status = 'active'`),
    index('charging_sessions_id_tag_idx').on(table.idTag),
    index('charging_sessions_driver_started_idx').on(table.driverId, table.startedAt),
  ],
);

/** Meter values of a session; one row per sample time, so a repeated MeterValues changes nothing. */
export const meterSamples = pgTable(
  'meter_samples',
  {
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chargingSessions.id, { onDelete: 'cascade' }),
    sampledAt: timestamp('sampled_at', { withTimezone: true }).notNull(),
    energyWh: doublePrecision('energy_wh'),
    powerW: doublePrecision('power_w'),
    currentA: doublePrecision('current_a'),
    voltageV: doublePrecision('voltage_v'),
    soc: doublePrecision('soc'),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.sampledAt] })],
);

/** The charger log: connections and refusals, boots, faults, commands and their answers. */
export const chargerEvents = pgTable(
  'charger_events',
  {
    id: id(),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    /** The identity the charger presented, also when no registered charger has it. */
    chargerCode: text('charger_code').notNull(),
    chargerId: uuid('charger_id').references(() => chargers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (table) => [index('charger_events_charger_seq_idx').on(table.chargerId, table.seq), index('charger_events_code_idx').on(table.chargerCode)],
);
