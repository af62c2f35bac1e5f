import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { chargers, licenseAssignments, licenses } from '../../db/schema/index.ts';

export type LicenseRow = typeof licenses.$inferSelect;

export const listLicenses = async (db: Executor, locationId: string) =>
  db
    .select({
      license: licenses,
      // Written out: drizzle leaves columns of a one-table select unqualified, which the subquery would misread.
      assigned: sql<number>`(select count(*)::int from license_assignments la join chargers c on c.id = la.charger_id
        where la.license_id = "licenses"."id" and c.location_id = "licenses"."location_id")`,
    })
    .from(licenses)
    .where(eq(licenses.locationId, locationId))
    .orderBy(asc(licenses.expiresAt), asc(licenses.id));

/** The location's chargers with the licence each holds (a licence of another location does not count). */
export const listChargers = async (db: Executor, locationId: string) =>
  db
    .select({
      id: chargers.id,
      chargerId: chargers.chargerId,
      name: chargers.name,
      licenseId: licenses.id,
      expiresAt: licenses.expiresAt,
      autoRenew: licenses.autoRenew,
    })
    .from(chargers)
    .leftJoin(licenseAssignments, eq(licenseAssignments.chargerId, chargers.id))
    .leftJoin(licenses, and(eq(licenses.id, licenseAssignments.licenseId), eq(licenses.locationId, chargers.locationId)))
    .where(eq(chargers.locationId, locationId))
    .orderBy(asc(chargers.name), asc(chargers.id));

export const findLicense = async (db: Executor, id: string, lock = false): Promise<LicenseRow | undefined> => {
  const query = db.select().from(licenses).where(eq(licenses.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
};

export const findByKey = async (db: Executor, locationId: string, key: string): Promise<LicenseRow | undefined> => {
  const [row] = await db
    .select()
    .from(licenses)
    .where(and(eq(licenses.locationId, locationId), eq(licenses.lastKey, key)))
    .limit(1);
  return row;
};

export const insertLicense = async (db: Executor, values: typeof licenses.$inferInsert): Promise<LicenseRow> => {
  const [row] = await db.insert(licenses).values(values).returning();
  return row!;
};

export const updateLicense = async (db: Executor, id: string, values: Partial<typeof licenses.$inferInsert>): Promise<LicenseRow> => {
  const [row] = await db.update(licenses).set(values).where(eq(licenses.id, id)).returning();
  return row!;
};

/** Licences that renew themselves and have run out: renewed when read, one term at a time until current. */
export const findLapsedAutoRenewing = async (db: Executor, locationId: string, now: Date) =>
  db
    .select()
    .from(licenses)
    .where(and(eq(licenses.locationId, locationId), eq(licenses.autoRenew, true), sql`${licenses.expiresAt} <= ${now.toISOString()}`))
    .for('update');

export const findCharger = async (db: Executor, id: string) => {
  const [row] = await db
    .select({ id: chargers.id, locationId: chargers.locationId, name: chargers.name })
    .from(chargers)
    .where(eq(chargers.id, id))
    .limit(1);
  return row;
};

export const currentAssignment = async (db: Executor, chargerId: string) => {
  const [row] = await db.select().from(licenseAssignments).where(eq(licenseAssignments.chargerId, chargerId)).limit(1);
  return row;
};

/** Seats taken on the licence by chargers of its location, not counting the given charger. */
export const seatsTaken = async (db: Executor, licenseId: string, locationId: string, exceptCharger: string): Promise<number> => {
  const [row] = await db
    .select({ taken: count() })
    .from(licenseAssignments)
    .innerJoin(chargers, eq(chargers.id, licenseAssignments.chargerId))
    .where(
      and(eq(licenseAssignments.licenseId, licenseId), eq(chargers.locationId, locationId), sql`${licenseAssignments.chargerId} <> ${exceptCharger}`),
    );
  return row?.taken ?? 0;
};

export const assign = async (db: Executor, chargerId: string, licenseId: string) =>
  db.insert(licenseAssignments).values({ chargerId, licenseId }).onConflictDoUpdate({ target: licenseAssignments.chargerId, set: { licenseId } });

export const unassign = async (db: Executor, chargerId: string) => db.delete(licenseAssignments).where(eq(licenseAssignments.chargerId, chargerId));

/**
 * Of these chargers, those without a valid seat (a licence of their own location that has not lapsed, or renews
 * itself) that were registered before `registeredBefore`: the ones the licence rules hold back.
 */
export const unlicensedAmong = async (db: Executor, chargerIds: readonly string[], now: Date, registeredBefore: Date) => {
  if (!chargerIds.length) return [];
  return db
    .select({ id: chargers.id, chargerId: chargers.chargerId, name: chargers.name })
    .from(chargers)
    .where(
      and(
        inArray(chargers.id, [...chargerIds]),
        sql`${chargers.createdAt} <= ${registeredBefore.toISOString()}`,
        sql`not exists (select 1 from license_assignments la join licenses l on l.id = la.license_id
          where la.charger_id = ${chargers.id} and l.location_id = ${chargers.locationId}
          and (l.expires_at > ${now.toISOString()} or l.auto_renew))`,
      ),
    )
    .orderBy(asc(chargers.name));
};
