import { sql } from 'drizzle-orm';
import { bigint, boolean, bigserial, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chargers, locations } from './locations.ts';

/**
 * Every change of a charger's network status (chargers.status) or connection, written by a database trigger on chargers
 * (migration 0017) whatever path changes it; uptime is measured from it. Appended in time order only.
 */
export const chargerStatusChanges = pgTable(
  'charger_status_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    status: text('status').notNull(),
    /** Connected (a WebSocket open), whatever the status says: a charger in maintenance may be either. */
    online: boolean('online').notNull(),
  },
  (table) => [index('charger_status_changes_charger_at_idx').on(table.chargerId, table.at)],
);

/**
 * The chargers connected now and since when (their last status change), kept by the status history's trigger
 * (migration 0030): the overview adds each one's time since then without looking up the history per charger
 * (decision 057). A charger that is not connected has no row.
 */
export const chargerConnectedSince = pgTable(
  'charger_connected_since',
  {
    chargerId: uuid('charger_id')
      .primaryKey()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    since: timestamp('since', { withTimezone: true }).notNull(),
    /** The charger's location, kept by a trigger on chargers (migration 0037), so the overview reads no charger rows. */
    locationId: uuid('location_id').notNull(),
  },
  (table) => [index('charger_connected_since_location_since_idx').on(table.locationId, table.since)],
);

/**
 * Per charger and local day of its location (decision 036): what the dashboard sums. Kept by triggers in the
 * transaction that stops a session, stores its price, records a violation or changes a charger's status.
 * Sessions, energy, duration, idle time and revenue count on the day the session started; online time on
 * the days it covered; violations on the day they were detected.
 */
export const chargerDailyStats = pgTable(
  'charger_daily_stats',
  {
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    sessions: integer('sessions').notNull().default(0),
    energyWh: doublePrecision('energy_wh').notNull().default(0),
    sessionSeconds: bigint('session_seconds', { mode: 'number' }).notNull().default(0),
    idleSeconds: bigint('idle_seconds', { mode: 'number' }).notNull().default(0),
    /** Minor units of the location's currency (session_prices.total_minor). */
    revenue: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    onlineSeconds: bigint('online_seconds', { mode: 'number' }).notNull().default(0),
    violations: integer('violations').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.chargerId, table.day] }), index('charger_daily_stats_location_day_idx').on(table.locationId, table.day)],
);

/**
 * The sums of charger_daily_stats per location and day (decision 036), kept by the same trigger functions in the
 * same statement, so the overview's totals, revenue and daily series read 25 times fewer rows at network scale
 * (decision 057). Every column is the sum of that column over the location's charger rows of the day.
 */
export const locationDailyStats = pgTable(
  'location_daily_stats',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    sessions: integer('sessions').notNull().default(0),
    energyWh: doublePrecision('energy_wh').notNull().default(0),
    sessionSeconds: bigint('session_seconds', { mode: 'number' }).notNull().default(0),
    idleSeconds: bigint('idle_seconds', { mode: 'number' }).notNull().default(0),
    /** Minor units of the location's currency (session_prices.total_minor). */
    revenue: bigint('revenue_minor', { mode: 'number' }).notNull().default(0),
    onlineSeconds: bigint('online_seconds', { mode: 'number' }).notNull().default(0),
    violations: integer('violations').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.day] })],
);

/**
 * Energy and sessions per charger and local ISO week (Monday of it), one column per ISO weekday (1 Monday … 7
 * Sunday): what the overview's top and bottom chargers rank (decision 057). A range of days reads about one row
 * per charger and week, the weekdays it covers that pass the Day filter picked column by column, where
 * charger_daily_stats has a row per day. Kept by the sessions' trigger function with charger_daily_stats.
 */
export const chargerWeeklyStats = pgTable(
  'charger_weekly_stats',
  {
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    week: date('week', { mode: 'string' }).notNull(),
    energyWh1: doublePrecision('energy_wh_1').notNull().default(0),
    energyWh2: doublePrecision('energy_wh_2').notNull().default(0),
    energyWh3: doublePrecision('energy_wh_3').notNull().default(0),
    energyWh4: doublePrecision('energy_wh_4').notNull().default(0),
    energyWh5: doublePrecision('energy_wh_5').notNull().default(0),
    energyWh6: doublePrecision('energy_wh_6').notNull().default(0),
    energyWh7: doublePrecision('energy_wh_7').notNull().default(0),
    sessions1: integer('sessions_1').notNull().default(0),
    sessions2: integer('sessions_2').notNull().default(0),
    sessions3: integer('sessions_3').notNull().default(0),
    sessions4: integer('sessions_4').notNull().default(0),
    sessions5: integer('sessions_5').notNull().default(0),
    sessions6: integer('sessions_6').notNull().default(0),
    sessions7: integer('sessions_7').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.chargerId, table.week] })],
);

/**
 * Session time per location and local day, in seconds per local hour (h0 … h23): the weekday × hour heat map and
 * the time in use. One row per day, not per hour, so a network's month is a row per location and day (decision 057).
 */
export const locationDailyHours = pgTable(
  'location_daily_hours',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    h0: integer('h0').notNull().default(0),
    h1: integer('h1').notNull().default(0),
    h2: integer('h2').notNull().default(0),
    h3: integer('h3').notNull().default(0),
    h4: integer('h4').notNull().default(0),
    h5: integer('h5').notNull().default(0),
    h6: integer('h6').notNull().default(0),
    h7: integer('h7').notNull().default(0),
    h8: integer('h8').notNull().default(0),
    h9: integer('h9').notNull().default(0),
    h10: integer('h10').notNull().default(0),
    h11: integer('h11').notNull().default(0),
    h12: integer('h12').notNull().default(0),
    h13: integer('h13').notNull().default(0),
    h14: integer('h14').notNull().default(0),
    h15: integer('h15').notNull().default(0),
    h16: integer('h16').notNull().default(0),
    h17: integer('h17').notNull().default(0),
    h18: integer('h18').notNull().default(0),
    h19: integer('h19').notNull().default(0),
    h20: integer('h20').notNull().default(0),
    h21: integer('h21').notNull().default(0),
    h22: integer('h22').notNull().default(0),
    h23: integer('h23').notNull().default(0),
    /** The day's session seconds: the period's time in use reads this, not 24 columns per row (migration 0036). */
    total: bigint('total', { mode: 'number' }).generatedAlwaysAs(
      sql.raw(
        '"h0"::bigint + "h1" + "h2" + "h3" + "h4" + "h5" + "h6" + "h7" + "h8" + "h9" + "h10" + "h11" + "h12" + "h13" + "h14" + "h15" + "h16" + "h17" + "h18" + "h19" + "h20" + "h21" + "h22" + "h23"',
      ),
    ),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.day] })],
);

/** Sessions per location, local day of their start and connector type (the charger's list, by connector id). */
export const locationConnectorSessions = pgTable(
  'location_connector_sessions',
  {
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    connectorType: text('connector_type').notNull(),
    sessions: integer('sessions').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.locationId, table.day, table.connectorType] })],
);

/**
 * Completed sessions per driver and local day of their start, a row per driver and calendar month, a column per
 * day of the month (d1 … d31): the network's unique drivers over a range are the drivers with a session on one of
 * its days that passes the Day filter, a row per driver and month read where a distinct count read every session
 * of the range (decision 057). The driver is the session's driver account, else its ID tag, as the overview counts
 * them. Counts, not flags, so a session that leaves (its charger deleted, its driver removed) takes its day away
 * only when it was the last one. Kept by the sessions' triggers (migration 0036).
 */
export const driverMonthDays = pgTable(
  'driver_month_days',
  {
    driver: text('driver').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    d1: integer('d1').notNull().default(0),
    d2: integer('d2').notNull().default(0),
    d3: integer('d3').notNull().default(0),
    d4: integer('d4').notNull().default(0),
    d5: integer('d5').notNull().default(0),
    d6: integer('d6').notNull().default(0),
    d7: integer('d7').notNull().default(0),
    d8: integer('d8').notNull().default(0),
    d9: integer('d9').notNull().default(0),
    d10: integer('d10').notNull().default(0),
    d11: integer('d11').notNull().default(0),
    d12: integer('d12').notNull().default(0),
    d13: integer('d13').notNull().default(0),
    d14: integer('d14').notNull().default(0),
    d15: integer('d15').notNull().default(0),
    d16: integer('d16').notNull().default(0),
    d17: integer('d17').notNull().default(0),
    d18: integer('d18').notNull().default(0),
    d19: integer('d19').notNull().default(0),
    d20: integer('d20').notNull().default(0),
    d21: integer('d21').notNull().default(0),
    d22: integer('d22').notNull().default(0),
    d23: integer('d23').notNull().default(0),
    d24: integer('d24').notNull().default(0),
    d25: integer('d25').notNull().default(0),
    d26: integer('d26').notNull().default(0),
    d27: integer('d27').notNull().default(0),
    d28: integer('d28').notNull().default(0),
    d29: integer('d29').notNull().default(0),
    d30: integer('d30').notNull().default(0),
    d31: integer('d31').notNull().default(0),
    /** Bit k − 1 set when day k has a session: a range's days are one mask per month (migration 0036). */
    days: integer('days').generatedAlwaysAs(
      sql.raw(
        '("d1" > 0)::int | (("d2" > 0)::int << 1) | (("d3" > 0)::int << 2) | (("d4" > 0)::int << 3) | (("d5" > 0)::int << 4) | (("d6" > 0)::int << 5) | (("d7" > 0)::int << 6) | (("d8" > 0)::int << 7) | (("d9" > 0)::int << 8) | (("d10" > 0)::int << 9) | (("d11" > 0)::int << 10) | (("d12" > 0)::int << 11) | (("d13" > 0)::int << 12) | (("d14" > 0)::int << 13) | (("d15" > 0)::int << 14) | (("d16" > 0)::int << 15) | (("d17" > 0)::int << 16) | (("d18" > 0)::int << 17) | (("d19" > 0)::int << 18) | (("d20" > 0)::int << 19) | (("d21" > 0)::int << 20) | (("d22" > 0)::int << 21) | (("d23" > 0)::int << 22) | (("d24" > 0)::int << 23) | (("d25" > 0)::int << 24) | (("d26" > 0)::int << 25) | (("d27" > 0)::int << 26) | (("d28" > 0)::int << 27) | (("d29" > 0)::int << 28) | (("d30" > 0)::int << 29) | (("d31" > 0)::int << 30)',
      ),
    ),
  },
  (table) => [primaryKey({ columns: [table.driver, table.month] })],
);
