import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargingSessions, locations, meterSamples, utilityBills, utilityConfigs, utilityIntervals } from '../../db/schema/index.ts';
import type { IntervalRow } from './interval-csv.ts';

export type UtilityConfigRow = typeof utilityConfigs.$inferSelect;

export const listConfigs = (db: Executor, locationId: string) =>
  db
    .select()
    .from(utilityConfigs)
    .where(eq(utilityConfigs.locationId, locationId))
    .orderBy(asc(utilityConfigs.provider), asc(utilityConfigs.accountNumber));

export const findConfig = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ config: utilityConfigs, timeZone: locations.timeZone, currency: locations.currency })
    .from(utilityConfigs)
    .innerJoin(locations, eq(locations.id, utilityConfigs.locationId))
    .where(eq(utilityConfigs.id, id))
    .limit(1);
  return row;
};

export const locationExists = async (db: Executor, id: string) =>
  (await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id)).limit(1)).length > 0;

export const insertConfig = async (db: Executor, values: typeof utilityConfigs.$inferInsert) => {
  const [row] = await db.insert(utilityConfigs).values(values).onConflictDoNothing().returning();
  return row;
};

export const updateConfig = async (db: Executor, id: string, values: Partial<typeof utilityConfigs.$inferInsert>) => {
  const [row] = await db.update(utilityConfigs).set(values).where(eq(utilityConfigs.id, id)).returning();
  return row;
};

export const deleteConfig = (db: Executor, id: string) => db.delete(utilityConfigs).where(eq(utilityConfigs.id, id));

export const billsOf = (db: Executor, utilityConfigId: string, year?: number) =>
  db
    .select()
    .from(utilityBills)
    .where(and(eq(utilityBills.utilityConfigId, utilityConfigId), year === undefined ? undefined : eq(utilityBills.year, year)))
    .orderBy(asc(utilityBills.month));

export const upsertBillValues = async (
  db: Executor,
  utilityConfigId: string,
  year: number,
  month: number,
  values: { energyKwh: number | null; costMinor: number | null },
) => {
  await db
    .insert(utilityBills)
    .values({ utilityConfigId, year, month, ...values })
    .onConflictDoUpdate({ target: [utilityBills.utilityConfigId, utilityBills.year, utilityBills.month], set: { ...values, updatedAt: new Date() } });
};

export const upsertBillFile = async (
  db: Executor,
  utilityConfigId: string,
  year: number,
  month: number,
  file: { fileKey: string; fileName: string; fileSize: number; fileUploadedAt: Date },
) => {
  await db
    .insert(utilityBills)
    .values({ utilityConfigId, year, month, ...file })
    .onConflictDoUpdate({ target: [utilityBills.utilityConfigId, utilityBills.year, utilityBills.month], set: { ...file, updatedAt: new Date() } });
};

export const upsertIntervals = async (db: Executor, utilityConfigId: string, rows: readonly IntervalRow[]) => {
  for (let index = 0; index < rows.length; index += 1000) {
    await db
      .insert(utilityIntervals)
      .values(rows.slice(index, index + 1000).map((row) => ({ utilityConfigId, ...row })))
      .onConflictDoUpdate({
        target: [utilityIntervals.utilityConfigId, utilityIntervals.meter, utilityIntervals.startAt],
        set: { kwh: sql`excluded.kwh` },
      });
  }
};

/** Utility kWh per hour (all meters of the account). */
export const utilityHourly = (db: Executor, utilityConfigId: string, from: Date, to: Date) =>
  db
    .select({ hour: sql<string>`date_trunc('hour', ${utilityIntervals.startAt})`.as('hour'), kwh: sql<number>`sum(${utilityIntervals.kwh})::float8` })
    .from(utilityIntervals)
    .where(and(eq(utilityIntervals.utilityConfigId, utilityConfigId), gte(utilityIntervals.startAt, from), lt(utilityIntervals.startAt, to)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);

/**
 * The location's chargers' own consumption per hour: each meter sample's register increase since the session's
 * previous sample, counted in the hour of the sample.
 */
export const chargersHourly = async (db: Executor, locationId: string, from: Date, to: Date) => {
  const deltas = db
    .select({
      sampledAt: meterSamples.sampledAt,
      delta:
        sql<number>`${meterSamples.energyWh} - lag(${meterSamples.energyWh}) over (partition by ${meterSamples.sessionId} order by ${meterSamples.sampledAt})`.as(
          'delta',
        ),
    })
    .from(meterSamples)
    .innerJoin(chargingSessions, eq(chargingSessions.id, meterSamples.sessionId))
    .where(
      and(
        eq(chargingSessions.locationId, locationId),
        gte(chargingSessions.startedAt, new Date(from.getTime() - 86_400_000 * 3)),
        lt(chargingSessions.startedAt, to),
      ),
    )
    .as('deltas');
  return db
    .select({
      hour: sql<string>`date_trunc('hour', ${deltas.sampledAt})`.as('hour'),
      kwh: sql<number>`(sum(greatest(${deltas.delta}, 0)) / 1000)::float8`,
    })
    .from(deltas)
    .where(and(gte(deltas.sampledAt, from), lt(deltas.sampledAt, to)))
    .groupBy(sql`1`)
    .orderBy(sql`1`);
};
