import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, locations } from '../../db/schema/index.ts';

export type CompanyRow = typeof companies.$inferSelect;
export type CompanyValues = Omit<typeof companies.$inferInsert, 'id' | 'locationId' | 'createdAt' | 'updatedAt'>;

export const findByLocation = async (db: Executor, locationId: string): Promise<CompanyRow | undefined> =>
  (await db.select().from(companies).where(eq(companies.locationId, locationId)).limit(1))[0];

/** Locks the row, so two saves at once each log the change from what the other wrote. */
export const findByLocationForUpdate = async (db: Executor, locationId: string): Promise<CompanyRow | undefined> =>
  (await db.select().from(companies).where(eq(companies.locationId, locationId)).for('update'))[0];

export const locationExists = async (db: Executor, id: string) =>
  (await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1)).length > 0;

/** One company per location: a save makes it or replaces its fields. */
export const upsert = async (db: Executor, locationId: string, values: CompanyValues): Promise<CompanyRow> =>
  (
    await db
      .insert(companies)
      .values({ locationId, ...values })
      .onConflictDoUpdate({ target: companies.locationId, set: { ...values, updatedAt: new Date() } })
      .returning()
  )[0]!;
