import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { drivers } from './drivers.ts';
import { chargers, locations } from './locations.ts';
import { users } from './users.ts';

/**
 * One booking of one charger for one driver, [starts_at, ends_at). A repeating booking is a series of rows with
 * the same series_id, so each day can be cancelled on its own. No two live bookings of a charger overlap: the
 * exclusion constraint charger_bookings_no_overlap (custom migration, btree_gist) guarantees it, whatever
 * races the service loses. Cancelled rows stay for the audit trail and the charger's CancelReservation.
 */
export const chargerBookings = pgTable(
  'charger_bookings',
  {
    id: id(),
    seriesId: uuid('series_id').notNull(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.userId, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The OCPP reservationId (an integer on the wire). */
    reservationId: integer('reservation_id').generatedAlwaysAsIdentity().notNull().unique(),
    /** When the charger accepted ReserveNow; null while the booking waits for its lead time. */
    reservedAt: timestamp('reserved_at', { withTimezone: true }),
    /** The last time the reservation job sent ReserveNow, so a refused or offline charger is retried calmly. */
    reserveAttemptAt: timestamp('reserve_attempt_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Cancelled after the charger accepted: CancelReservation still owed. Cleared once the charger has it. */
    cancelPending: timestamp('cancel_pending_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (table) => [
    index('charger_bookings_location_time_idx').on(table.locationId, table.startsAt),
    index('charger_bookings_series_idx').on(table.seriesId),
    index('charger_bookings_driver_idx').on(table.driverId),
    check('charger_bookings_window_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);
