import { AppError, LICENSE_TERM_MONTHS, type License, type LicenseOverview } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { createdFields, recordActivity, type Actor } from '../../lib/audit.ts';
import { createLicenseRules } from './license-rules.ts';
import * as repo from './licenses.repository.ts';

export type LicensesDeps = { db: Database; now: () => Date };

const addTerm = (from: Date) => {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + LICENSE_TERM_MONTHS);
  return next;
};

/** The system renews: the activity log names no person for it. */
const SYSTEM: Actor = { userId: null, email: null, userType: null, ip: '' };

/**
 * Software licences per charger (decision 044): a licence has seats, a term and an expiry; chargers of
 * the location hold its seats. A licence that renews itself is given its next term when it is read after
 * lapsing, so it never leaves its chargers unlicensed; one that does not renew lapses, and its chargers
 * are flagged in the control center until it is renewed.
 */
export const createLicensesService = ({ db, now }: LicensesDeps) => {
  const toLicense = (row: repo.LicenseRow, assigned: number): License => ({
    id: row.id,
    seats: row.seats,
    assigned,
    startsAt: row.startsAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    autoRenew: row.autoRenew,
    status: row.expiresAt > now() ? 'ACTIVE' : 'INACTIVE',
  });

  const renewLapsed = async (locationId: string) =>
    db.transaction(async (tx) => {
      for (const row of await repo.findLapsedAutoRenewing(tx, locationId, now())) {
        let expiresAt = row.expiresAt;
        while (expiresAt <= now()) expiresAt = addTerm(expiresAt);
        await repo.updateLicense(tx, row.id, { expiresAt });
        await recordActivity(tx, SYSTEM, {
          action: 'billing.license_auto_renew',
          entity: 'license',
          entityId: row.id,
          locationId,
          changes: { expiresAt: { before: row.expiresAt.toISOString(), after: expiresAt.toISOString() } },
        });
      }
    });

  const overview = async (locationId: string): Promise<LicenseOverview> => {
    await renewLapsed(locationId);
    const [rows, chargers] = await Promise.all([repo.listLicenses(db, locationId), repo.listChargers(db, locationId)]);
    return {
      locationId,
      licenses: rows.map(({ license, assigned }) => toLicense(license, assigned)),
      chargers: chargers.map((charger) => ({
        id: charger.id,
        chargerId: charger.chargerId,
        name: charger.name,
        licenseId: charger.licenseId,
        licensed: charger.licenseId !== null && (charger.autoRenew === true || (charger.expiresAt !== null && charger.expiresAt > now())),
      })),
    };
  };

  /** The location's licence, locked; another location's licence is "not found", like one that does not exist. */
  const licenseAt = async (tx: Executor, id: string, locationId: string) => {
    const row = await repo.findLicense(tx, id, true);
    if (!row || row.locationId !== locationId) throw new AppError('LICENSE_NOT_FOUND');
    return row;
  };

  const create = async (actor: Actor, locationId: string, seats: number, key: string): Promise<License> => {
    const earlier = await repo.findByKey(db, locationId, key);
    if (earlier) return toLicense(earlier, 0);
    const startsAt = now();
    return db.transaction(async (tx) => {
      const row = await repo.insertLicense(tx, { locationId, seats, startsAt, expiresAt: addTerm(startsAt), autoRenew: true, lastKey: key });
      await recordActivity(tx, actor, {
        action: 'billing.license_create',
        entity: 'license',
        entityId: row.id,
        locationId,
        changes: createdFields({ seats, expiresAt: row.expiresAt.toISOString(), autoRenew: true }),
      });
      return toLicense(row, 0);
    });
  };

  /** One more term from the expiry (or from now, when lapsed); the same key twice renews once. */
  const renew = async (actor: Actor, id: string, locationId: string, key: string): Promise<License> =>
    db.transaction(async (tx) => {
      const before = await licenseAt(tx, id, locationId);
      if (before.lastKey === key) return toLicense(before, 0);
      const expiresAt = addTerm(before.expiresAt > now() ? before.expiresAt : now());
      const row = await repo.updateLicense(tx, id, { expiresAt, lastKey: key });
      await recordActivity(tx, actor, {
        action: 'billing.license_renew',
        entity: 'license',
        entityId: id,
        locationId,
        changes: { expiresAt: { before: before.expiresAt.toISOString(), after: expiresAt.toISOString() } },
      });
      return toLicense(row, 0);
    });

  const setAutoRenew = async (actor: Actor, id: string, locationId: string, autoRenew: boolean): Promise<License> =>
    db.transaction(async (tx) => {
      const before = await licenseAt(tx, id, locationId);
      const row = await repo.updateLicense(tx, id, { autoRenew });
      if (before.autoRenew !== autoRenew) {
        await recordActivity(tx, actor, {
          action: 'billing.license_update',
          entity: 'license',
          entityId: id,
          locationId,
          changes: { autoRenew: { before: before.autoRenew, after: autoRenew } },
        });
      }
      return toLicense(row, 0);
    });

  /** Gives the charger a seat of the licence, or (null) takes its seat away; the licence row is locked while seats are counted. */
  const assign = async (actor: Actor, chargerId: string, locationId: string, licenseId: string | null): Promise<void> =>
    db.transaction(async (tx) => {
      const charger = await repo.findCharger(tx, chargerId);
      if (!charger || charger.locationId !== locationId) throw new AppError('CHARGER_NOT_FOUND');
      const before = await repo.currentAssignment(tx, chargerId);
      if ((before?.licenseId ?? null) === licenseId) return;
      if (licenseId === null) {
        await repo.unassign(tx, chargerId);
      } else {
        const license = await licenseAt(tx, licenseId, locationId);
        if (license.expiresAt <= now() && !license.autoRenew) throw new AppError('LICENSE_EXPIRED');
        if ((await repo.seatsTaken(tx, licenseId, locationId, chargerId)) >= license.seats) throw new AppError('LICENSE_FULL');
        await repo.assign(tx, chargerId, licenseId);
      }
      await recordActivity(tx, actor, {
        action: licenseId ? 'billing.license_assign' : 'billing.license_unassign',
        entity: 'charger',
        entityId: chargerId,
        locationId,
        changes: { licenseId: { before: before?.licenseId ?? null, after: licenseId } },
      });
    });

  // What an unlicensed charger may not do: asked by remote actions and firmware campaigns (decision 080).
  const rules = createLicenseRules({ now });
  return { overview, create, renew, setAutoRenew, assign, assertLicensed: rules.assertLicensed };
};

export type LicensesService = ReturnType<typeof createLicensesService>;
