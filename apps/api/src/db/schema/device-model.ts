import { index, integer, pgTable, primaryKey, text, timestamp, uuid, boolean, unique } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { chargers } from './locations.ts';

/**
 * An OCPP 2.0.1 charger's device model as its NotifyReport last told it: one row per variable attribute of a
 * component (an EVSE's or connector's components carry their ids). A report's first part (seqNo 0) replaces what
 * an earlier report left; a value a user set is written here once the charger accepts it.
 */
export const chargerVariables = pgTable(
  'charger_variables',
  {
    id: id(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    component: text('component').notNull(),
    componentInstance: text('component_instance'),
    evseId: integer('evse_id'),
    connectorId: integer('connector_id'),
    variable: text('variable').notNull(),
    variableInstance: text('variable_instance'),
    /** Actual, Target, MinSet or MaxSet. */
    attributeType: text('attribute_type').notNull().default('Actual'),
    value: text('value'),
    /** ReadOnly, WriteOnly or ReadWrite (the charger's default is ReadWrite). */
    mutability: text('mutability').notNull().default('ReadWrite'),
    dataType: text('data_type'),
    unit: text('unit'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('charger_variables_identity_unique')
      .on(
        table.chargerId,
        table.component,
        table.componentInstance,
        table.evseId,
        table.connectorId,
        table.variable,
        table.variableInstance,
        table.attributeType,
      )
      .nullsNotDistinct(),
    index('charger_variables_charger_component_idx').on(table.chargerId, table.component, table.variable),
  ],
);

/** The charger's latest device-model report: which request it answered and whether more parts were to follow. */
export const chargerDeviceReports = pgTable(
  'charger_device_reports',
  {
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    requestId: integer('request_id').notNull(),
    lastSeqNo: integer('last_seq_no').notNull(),
    /** The charger's tbc ("to be continued") was false on the last part: the report is whole. */
    complete: boolean('complete').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    /** The charger's firmware when the report began: a boot with other firmware asks for the model again. */
    firmwareVersion: text('firmware_version'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.chargerId] })],
);
