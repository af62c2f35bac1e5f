import type { Booking } from '@wattdesk/shared';
import { and, asc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargerBookings, chargers, drivers, locations, users } from '../../db/schema/index.ts';

export type NewBooking = typeof chargerBookings.$inferInsert;

const bookingColumns = {
  id: chargerBookings.id,
  seriesId: chargerBookings.seriesId,
  locationId: chargerBookings.locationId,
  chargerId: chargerBookings.chargerId,
  chargerName: chargers.name,
  driverId: chargerBookings.driverId,
  driverName: sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`,
  startsAt: chargerBookings.startsAt,
  endsAt: chargerBookings.endsAt,
  reservedAt: chargerBookings.reservedAt,
  cancelledAt: chargerBookings.cancelledAt,
};

type BookingRow = {
  id: string;
  seriesId: string;
  locationId: string;
  chargerId: string;
  chargerName: string;
  driverId: string;
  driverName: string;
  startsAt: Date;
  endsAt: Date;
  reservedAt: Date | null;
  cancelledAt: Date | null;
};

export const toBooking = (row: BookingRow): Booking => ({
  id: row.id,
  seriesId: row.seriesId,
  locationId: row.locationId,
  chargerId: row.chargerId,
  chargerName: row.chargerName,
  driverId: row.driverId,
  driverName: row.driverName,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  state: row.cancelledAt ? 'cancelled' : row.reservedAt ? 'reserved' : 'booked',
});

const selectBookings = (executor: Executor) =>
  executor
    .select(bookingColumns)
    .from(chargerBookings)
    .innerJoin(chargers, eq(chargers.id, chargerBookings.chargerId))
    .innerJoin(users, eq(users.id, chargerBookings.driverId));

/** Live bookings of a location that overlap [from, to), in time order. */
export const listBookings = async (executor: Executor, locationId: string, from: Date, to: Date): Promise<Booking[]> => {
  const rows = await selectBookings(executor)
    .where(
      and(
        eq(chargerBookings.locationId, locationId),
        isNull(chargerBookings.cancelledAt),
        lt(chargerBookings.startsAt, to),
        gt(chargerBookings.endsAt, from),
      ),
    )
    .orderBy(asc(chargerBookings.startsAt), asc(chargers.name))
    .limit(5000);
  return rows.map(toBooking);
};

export const findBooking = async (executor: Executor, id: string, lock = false) => {
  const query = selectBookings(executor).where(eq(chargerBookings.id, id));
  const [row] = lock ? await query.for('update', { of: chargerBookings }) : await query;
  return row;
};

export const insertBookings = async (executor: Executor, rows: NewBooking[]): Promise<Booking[]> => {
  const inserted = await executor.insert(chargerBookings).values(rows).returning({ id: chargerBookings.id });
  const found = await selectBookings(executor)
    .where(
      inArray(
        chargerBookings.id,
        inserted.map((row) => row.id),
      ),
    )
    .orderBy(asc(chargerBookings.startsAt), asc(chargers.name));
  return found.map(toBooking);
};

export const updateBooking = (executor: Executor, id: string, values: Partial<NewBooking>) =>
  executor.update(chargerBookings).set(values).where(eq(chargerBookings.id, id));

/** Cancels the live bookings of a series from `from` on; a reservation the charger holds is still owed a cancel. */
export const cancelSeries = (executor: Executor, seriesId: string, from: Date, at: Date) =>
  executor
    .update(chargerBookings)
    .set({ cancelledAt: at, cancelPending: sql`case when ${chargerBookings.reservedAt} is null then null else ${at.toISOString()}::timestamptz end` })
    .where(
      and(
        eq(chargerBookings.seriesId, seriesId),
        isNull(chargerBookings.cancelledAt),
        gte(chargerBookings.startsAt, from),
        gt(chargerBookings.endsAt, at),
      ),
    )
    .returning({ id: chargerBookings.id });

/** The chargers of the list that stand at the location, with their names. */
export const chargersAt = (executor: Executor, locationId: string, ids: readonly string[]) =>
  executor
    .select({ id: chargers.id, name: chargers.name })
    .from(chargers)
    .where(and(eq(chargers.locationId, locationId), inArray(chargers.id, [...ids])));

export const driverOf = async (executor: Executor, driverId: string) => {
  const [row] = await executor
    .select({ locationId: drivers.locationId, status: users.status })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(eq(drivers.userId, driverId));
  return row;
};

export const timeZoneOf = async (executor: Executor, locationId: string) => {
  const [row] = await executor.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, locationId));
  return row?.timeZone;
};

/** A live booking of one of the chargers overlapping one of the windows: what a refused booking collided with. */
export const firstClash = async (executor: Executor, chargerIds: readonly string[], windows: readonly { startsAt: Date; endsAt: Date }[]) => {
  const overlaps = windows.map(
    (w) =>
      sql`(${chargerBookings.startsAt} < ${w.endsAt.toISOString()}::timestamptz and ${chargerBookings.endsAt} > ${w.startsAt.toISOString()}::timestamptz)`,
  );
  const [row] = await selectBookings(executor)
    .where(and(inArray(chargerBookings.chargerId, [...chargerIds]), isNull(chargerBookings.cancelledAt), sql`(${sql.join(overlaps, sql` or `)})`))
    .orderBy(asc(chargerBookings.startsAt))
    .limit(1);
  return row;
};
