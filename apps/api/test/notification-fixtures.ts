import type { Executor } from '../src/db/client.ts';
import { notifications } from '../src/db/schema/index.ts';

/** A notification at the location, made directly in the database. */
export const makeNotification = async (db: Executor, locationId: string): Promise<string> => {
  const [row] = await db
    .insert(notifications)
    .values({ locationId, type: 'charger-faulted', title: 'Fixture faulted', body: 'Fixture reported a fault.' })
    .returning({ id: notifications.id });
  return row!.id;
};
