import { sql } from 'drizzle-orm';
import { date, doublePrecision, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { chargers } from './locations.ts';

/**
 * Recent ranges whose per-charger totals are kept (decision 057): the overview ranks the whole network's chargers
 * for a range ending within a couple of days of today from a row per charger, where the charger × week rollup
 * groups about five rows per charger. A range is added when first asked for and dropped when its end is past.
 */
export const chargerWindows = pgTable(
  'charger_windows',
  {
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.windowEnd, table.days] })],
);

/**
 * Energy and completed sessions of each charger over a kept range (charger_windows): all days, and ISO weekdays 1–5
 * (weekends are the difference). Kept by the sessions' trigger function with the other rollups; a charger's first
 * completed session in a range adds its row, so a charger without one delivered nothing in it.
 */
export const chargerWindowStats = pgTable(
  'charger_window_stats',
  {
    windowEnd: date('window_end', { mode: 'string' }).notNull(),
    days: integer('days').notNull(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    energyWh: doublePrecision('energy_wh').notNull().default(0),
    sessions: integer('sessions').notNull().default(0),
    weekdayEnergyWh: doublePrecision('weekday_energy_wh').notNull().default(0),
    weekdaySessions: integer('weekday_sessions').notNull().default(0),
    /** The charger's name, kept by a trigger on chargers (migration 0037): chargers with the same figure rank by it. */
    name: text('name').notNull().default(''),
  },
  (table) => [
    primaryKey({ columns: [table.windowEnd, table.days, table.chargerId] }),
    // Each end of a ranking is an index range, by the Day filter's figure (weekends: all days less weekdays), and so
    // are the chargers at its cut in name order, however many share the figure.
    index('charger_window_stats_energy_idx').on(table.windowEnd, table.days, table.energyWh, table.name, table.chargerId),
    index('charger_window_stats_weekday_energy_idx').on(table.windowEnd, table.days, table.weekdayEnergyWh, table.name, table.chargerId),
    index('charger_window_stats_weekend_energy_idx').on(
      table.windowEnd,
      table.days,
      sql`(${table.energyWh} - ${table.weekdayEnergyWh})`,
      table.name,
      table.chargerId,
    ),
    foreignKey({ columns: [table.windowEnd, table.days], foreignColumns: [chargerWindows.windowEnd, chargerWindows.days] }).onDelete('cascade'),
  ],
);
