import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { chargerPhotos, chargers, chargerTestResults } from '../../db/schema/index.ts';

export const findCharger = async (db: Database, id: string) =>
  (
    await db
      .select({ id: chargers.id, chargerCode: chargers.chargerId, locationId: chargers.locationId, serialNumber: chargers.serialNumber })
      .from(chargers)
      .where(eq(chargers.id, id))
  )[0];

/** Chargers carrying these serial numbers, within the locations given (undefined: all). */
export const chargersBySerial = (db: Database, serials: readonly string[], locationIds: readonly string[] | undefined) =>
  db
    .select({ id: chargers.id, serialNumber: chargers.serialNumber, locationId: chargers.locationId })
    .from(chargers)
    .where(and(inArray(chargers.serialNumber, [...serials]), locationIds ? inArray(chargers.locationId, [...locationIds]) : undefined));

export const insertTestResults = async (db: Executor, rows: (typeof chargerTestResults.$inferInsert)[]) => {
  for (let index = 0; index < rows.length; index += 500) await db.insert(chargerTestResults).values(rows.slice(index, index + 500));
};

export const testHistory = (db: Database, chargerId: string) =>
  db.select().from(chargerTestResults).where(eq(chargerTestResults.chargerId, chargerId)).orderBy(desc(chargerTestResults.testedAt)).limit(500);

export const findPhoto = async (db: Executor, chargerId: string) =>
  (await db.select().from(chargerPhotos).where(eq(chargerPhotos.chargerId, chargerId)))[0];

export const upsertPhoto = async (db: Executor, row: typeof chargerPhotos.$inferInsert) => {
  await db
    .insert(chargerPhotos)
    .values(row)
    .onConflictDoUpdate({ target: chargerPhotos.chargerId, set: { ...row, updatedAt: new Date() } });
};
