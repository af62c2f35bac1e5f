import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { chargers, licenseAssignments, licenses } from '../schema/index.ts';
import { DEMO_LOCATIONS } from './demo-locations.ts';

const DAY_MS = 86_400_000;

/**
 * One licence per demo location, one seat short, so each location shows a charger flagged as unlicensed
 * in the control center. The second location's licence has lapsed and does not renew itself.
 */
export const seedLicenses = async (tx: Executor, locationIds: Map<string, string>) => {
  for (const [index, demo] of DEMO_LOCATIONS.entries()) {
    const locationId = locationIds.get(demo.key)!;
    const rows = await tx.select({ id: chargers.id }).from(chargers).where(eq(chargers.locationId, locationId)).orderBy(asc(chargers.name));
    if (rows.length === 0) continue;
    const lapsed = index === 1;
    const expiresAt = new Date(Date.now() + (lapsed ? -10 : 240) * DAY_MS);
    const [license] = await tx
      .insert(licenses)
      .values({
        locationId,
        seats: Math.max(1, rows.length - 1),
        startsAt: new Date(expiresAt.getTime() - 365 * DAY_MS),
        expiresAt,
        autoRenew: !lapsed,
      })
      .returning({ id: licenses.id });
    const licensed = rows.slice(0, Math.max(1, rows.length - 1));
    await tx.insert(licenseAssignments).values(licensed.map((row) => ({ chargerId: row.id, licenseId: license!.id })));
  }
};
