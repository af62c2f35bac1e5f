import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { chargers, locations } from './locations.ts';

/** A limit for hours of the location's day: from startHour up to (not including) endHour; end ≤ start wraps midnight. */
export type StoredLimitPeriod = { startHour: number; endHour: number; limitW: number };

/** A location's grid connection and charging limit (menu dpo); power in whole watts. */
export const locationPowerSettings = pgTable('location_power_settings', {
  locationId: uuid('location_id')
    .primaryKey()
    .references(() => locations.id, { onDelete: 'cascade' }),
  /** Grid connection (Power_Grid): null until someone enters it. */
  supplyUnit: text('supply_unit', { enum: ['kW', 'A'] }),
  /** Watts for kW connections, tenths of an amp per phase for amp connections. */
  supplyCapacity: integer('supply_capacity'),
  phases: integer('phases'),
  voltage: integer('voltage'),
  enabled: boolean('enabled').notNull().default(false),
  limitMode: text('limit_mode', { enum: ['fixed', 'time-of-day'] })
    .notNull()
    .default('fixed'),
  limitW: integer('limit_w').notNull().default(0),
  periods: jsonb('periods').$type<StoredLimitPeriod[]>().notNull().default([]),
  minPerSessionW: integer('min_per_session_w').notNull().default(1400),
  ...timestamps(),
});

/** Per charger: its share priority and how it reaches the network (mesh). */
export const chargerEnergySettings = pgTable(
  'charger_energy_settings',
  {
    chargerId: uuid('charger_id')
      .primaryKey()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    priority: text('priority', { enum: ['normal', 'high'] })
      .notNull()
      .default('normal'),
    link: text('link', { enum: ['direct', 'gateway', 'controller'] })
      .notNull()
      .default('direct'),
    gatewayChargerId: uuid('gateway_charger_id').references(() => chargers.id, { onDelete: 'set null' }),
    controllerName: text('controller_name'),
    ...timestamps(),
  },
  (table) => [index('charger_energy_settings_gateway_idx').on(table.gatewayChargerId)],
);

/**
 * What the network wants each running session to draw, and the charger's answer to the profile that says so.
 * Any API node can show it; the node holding the charger writes it.
 */
export const powerAllocations = pgTable(
  'power_allocations',
  {
    sessionId: uuid('session_id').primaryKey(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    allocatedW: integer('allocated_w').notNull(),
    profileStatus: text('profile_status'),
    ...timestamps(),
  },
  (table) => [index('power_allocations_location_idx').on(table.locationId)],
);

export const utilityConfigs = pgTable(
  'utility_configs',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    accountNumber: text('account_number').notNull(),
    rateSchedule: text('rate_schedule').notNull(),
    meters: jsonb('meters').$type<string[]>().notNull().default([]),
    ...timestamps(),
  },
  (table) => [unique('utility_configs_account_unique').on(table.locationId, table.provider, table.accountNumber)],
);

/** A utility meter of a location (spec section 7's "meters"): its number, what it measures and in which unit. */
export const utilityMeters = pgTable(
  'utility_meters',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    meterNumber: text('meter_number').notNull(),
    utility: text('utility', { enum: ['electric', 'gas', 'water'] }).notNull(),
    unit: text('unit').notNull(),
    note: text('note').notNull().default(''),
    ...timestamps(),
  },
  (table) => [unique('utility_meters_number_unique').on(table.locationId, table.meterNumber)],
);

/** One month of one utility account: energy, amount due, and the bill's file in storage. */
export const utilityBills = pgTable(
  'utility_bills',
  {
    id: id(),
    utilityConfigId: uuid('utility_config_id')
      .notNull()
      .references(() => utilityConfigs.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    energyKwh: doublePrecision('energy_kwh'),
    costMinor: integer('cost_minor'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSize: integer('file_size'),
    fileUploadedAt: timestamp('file_uploaded_at', { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [unique('utility_bills_month_unique').on(table.utilityConfigId, table.year, table.month)],
);

/** 15-minute interval readings from the utility; one row per meter and interval start, so a re-import replaces. */
export const utilityIntervals = pgTable(
  'utility_intervals',
  {
    utilityConfigId: uuid('utility_config_id')
      .notNull()
      .references(() => utilityConfigs.id, { onDelete: 'cascade' }),
    meter: text('meter').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    kwh: doublePrecision('kwh').notNull(),
  },
  (table) => [primaryKey({ columns: [table.utilityConfigId, table.meter, table.startAt] })],
);
