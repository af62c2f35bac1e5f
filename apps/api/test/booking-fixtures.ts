import { randomUUID } from 'node:crypto';
import type { Executor } from '../src/db/client.ts';
import { chargerBookings } from '../src/db/schema/index.ts';
import { makeCharger } from './charger-fixtures.ts';
import { makeDriver } from './driver-fixtures.ts';

/** Tomorrow (UTC) as YYYY-MM-DD: a start date that is always in the future. */
export const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A booking of a new charger for a new driver at the location, a day ahead, made directly in the database. */
export const makeBooking = async (db: Executor, locationId: string): Promise<string> => {
  const chargerId = await makeCharger(db, locationId);
  const driverId = await makeDriver(db, locationId);
  const startsAt = new Date(Date.now() + 86_400_000);
  const [row] = await db
    .insert(chargerBookings)
    .values({ seriesId: randomUUID(), locationId, chargerId, driverId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
    .returning({ id: chargerBookings.id });
  return row!.id;
};
