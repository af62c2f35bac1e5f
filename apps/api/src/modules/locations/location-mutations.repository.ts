import { count, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers, locations, userLocations } from '../../db/schema/index.ts';

export type LocationRow = typeof locations.$inferSelect;
export type LocationInsert = typeof locations.$inferInsert;

export const findLocationRow = async (db: Executor, id: string): Promise<LocationRow | undefined> => {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).limit(1);
  return row;
};

/** Locks the row for the rest of the transaction, so concurrent edits apply one after the other. */
export const findLocationRowForUpdate = async (db: Executor, id: string): Promise<LocationRow | undefined> => {
  const [row] = await db.select().from(locations).where(eq(locations.id, id)).for('update').limit(1);
  return row;
};

export const insertLocation = async (db: Executor, values: LocationInsert): Promise<LocationRow> => {
  const [row] = await db.insert(locations).values(values).returning();
  return row!;
};

export const updateLocation = async (db: Executor, id: string, values: Partial<LocationInsert>): Promise<LocationRow> => {
  const [row] = await db.update(locations).set(values).where(eq(locations.id, id)).returning();
  return row!;
};

export const setResellerFlag = async (db: Executor, ids: readonly string[], hasReseller: boolean) =>
  db
    .update(locations)
    .set({ hasReseller })
    .where(inArray(locations.id, [...ids]))
    .returning({ id: locations.id });

export const countChargersAt = async (db: Executor, locationId: string): Promise<number> => {
  const [row] = await db.select({ value: count() }).from(chargers).where(eq(chargers.locationId, locationId));
  return row?.value ?? 0;
};

export const deleteLocation = async (db: Executor, id: string): Promise<void> => {
  await db.delete(locations).where(eq(locations.id, id));
};

export const existingLocationIds = async (db: Executor, ids: readonly string[]): Promise<string[]> =>
  (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(inArray(locations.id, [...ids]))
  ).map((row) => row.id);

export const linkUserToLocation = async (db: Executor, userId: string, locationId: string): Promise<void> => {
  await db.insert(userLocations).values({ userId, locationId }).onConflictDoNothing();
};
