import { eq } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { locations } from './schema/index.ts';

/** The IANA time zone a location's times are shown and exported in; UTC for a location that is gone. */
export const locationTimeZone = async (db: Executor, locationId: string): Promise<string> => {
  const [row] = await db.select({ timeZone: locations.timeZone }).from(locations).where(eq(locations.id, locationId)).limit(1);
  return row?.timeZone ?? 'UTC';
};
