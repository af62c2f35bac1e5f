import type { IdleFeeSettings, TariffVersion, ViolationRules } from '@wattdesk/shared';
import { and, asc, desc, eq, gt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { defaultSessionFees, locations, tariffVersions } from '../../db/schema/index.ts';

export type VersionRow = typeof tariffVersions.$inferSelect;
export type VersionInsert = typeof tariffVersions.$inferInsert;

export const toVersion = (row: VersionRow): TariffVersion => ({
  id: row.id,
  effectiveFrom: row.effectiveFrom.toISOString(),
  createdAt: row.createdAt.toISOString(),
  createdBy: row.createdBy,
  currency: row.currency,
  periods: row.periods,
  sessionFee: row.sessionFee,
  sessionFeeIsDefault: row.sessionFeeIsDefault,
  idleFee: row.idleFee,
  violationRules: row.violationRules,
});

/** What a location has set now: the fees every new version copies, its currency and time zone. */
export type LocationPricing = {
  id: string;
  timeZone: string;
  currency: string;
  sessionFee: number | null;
  idleFee: IdleFeeSettings;
  violationRules: ViolationRules;
};

export const findLocationPricing = async (db: Executor, locationId: string): Promise<LocationPricing | undefined> => {
  const [row] = await db
    .select({
      id: locations.id,
      timeZone: locations.timeZone,
      currency: locations.currency,
      sessionFee: locations.sessionFee,
      idleFee: locations.idleFeesOptions,
      violationRules: locations.violationRules,
    })
    .from(locations)
    .where(eq(locations.id, locationId))
    .limit(1);
  return row;
};

export const updateLocationPricing = async (
  db: Executor,
  locationId: string,
  values: Partial<{ currency: string; sessionFee: number | null; idleFeesOptions: IdleFeeSettings; violationRules: ViolationRules }>,
) => {
  if (Object.keys(values).length) await db.update(locations).set(values).where(eq(locations.id, locationId));
};

export const defaultFeeOf = async (db: Executor, currency: string): Promise<number> => {
  const [row] = await db.select({ amount: defaultSessionFees.amount }).from(defaultSessionFees).where(eq(defaultSessionFees.currency, currency));
  return row?.amount ?? 0;
};

export const upsertDefaultFee = async (db: Executor, currency: string, amount: number) => {
  await db.insert(defaultSessionFees).values({ currency, amount }).onConflictDoUpdate({ target: defaultSessionFees.currency, set: { amount } });
};

/** Locations of a currency that set no session fee of their own: the default is theirs. */
export const locationsUsingDefault = async (db: Executor, currency: string): Promise<string[]> => {
  const rows = await db.select({ id: locations.id, sessionFee: locations.sessionFee }).from(locations).where(eq(locations.currency, currency));
  return rows.filter((row) => row.sessionFee === null).map((row) => row.id);
};

export const versionAt = async (db: Executor, locationId: string, at: Date): Promise<VersionRow | undefined> => {
  const [row] = await db
    .select()
    .from(tariffVersions)
    .where(and(eq(tariffVersions.locationId, locationId), lte(tariffVersions.effectiveFrom, at)))
    .orderBy(desc(tariffVersions.effectiveFrom))
    .limit(1);
  return row;
};

export const versionsAfter = async (db: Executor, locationId: string, at: Date): Promise<VersionRow[]> =>
  db
    .select()
    .from(tariffVersions)
    .where(and(eq(tariffVersions.locationId, locationId), gt(tariffVersions.effectiveFrom, at)))
    .orderBy(asc(tariffVersions.effectiveFrom));

export const versionsUntil = async (db: Executor, locationId: string, at: Date, limit: number): Promise<VersionRow[]> =>
  db
    .select()
    .from(tariffVersions)
    .where(and(eq(tariffVersions.locationId, locationId), lte(tariffVersions.effectiveFrom, at)))
    .orderBy(desc(tariffVersions.effectiveFrom))
    .limit(limit);

export const findVersion = async (db: Executor, id: string): Promise<VersionRow | undefined> => {
  const [row] = await db.select().from(tariffVersions).where(eq(tariffVersions.id, id)).limit(1);
  return row;
};

export const insertVersion = async (db: Executor, values: VersionInsert): Promise<VersionRow> => {
  const [row] = await db.insert(tariffVersions).values(values).returning();
  return row!;
};

/** Versions not yet in force may still change: a fee changed now applies to them too. */
export const patchVersion = async (db: Executor, id: string, values: Partial<VersionInsert>) => {
  await db.update(tariffVersions).set(values).where(eq(tariffVersions.id, id));
};

/** Locations whose objects roaming partners may see (Roaming screen's publish switch), oldest first for stable pages. */
export const publishedLocationIds = async (db: Executor): Promise<string[]> =>
  (
    await db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.publishToRoaming, true))
      .orderBy(asc(locations.createdAt), asc(locations.id))
  ).map((row) => row.id);
