import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { utilityMeters } from '../../db/schema/index.ts';

export type MeterRow = typeof utilityMeters.$inferSelect;
export type MeterValues = Pick<typeof utilityMeters.$inferInsert, 'meterNumber' | 'utility' | 'unit' | 'note'>;

export const listMeters = (db: Executor, locationId: string) =>
  db.select().from(utilityMeters).where(eq(utilityMeters.locationId, locationId)).orderBy(asc(utilityMeters.utility), asc(utilityMeters.meterNumber));

export const findMeter = async (db: Executor, id: string): Promise<MeterRow | undefined> =>
  (await db.select().from(utilityMeters).where(eq(utilityMeters.id, id)).limit(1))[0];

/** Undefined when the location already has a meter with that number. */
export const insertMeter = async (db: Executor, locationId: string, values: MeterValues): Promise<MeterRow | undefined> =>
  (
    await db
      .insert(utilityMeters)
      .values({ locationId, ...values })
      .onConflictDoNothing()
      .returning()
  )[0];

export const updateMeter = async (db: Executor, id: string, values: MeterValues): Promise<MeterRow | undefined> =>
  (await db.update(utilityMeters).set(values).where(eq(utilityMeters.id, id)).returning())[0];

export const deleteMeter = (db: Executor, id: string) => db.delete(utilityMeters).where(eq(utilityMeters.id, id));
