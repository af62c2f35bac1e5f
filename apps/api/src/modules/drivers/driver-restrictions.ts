import { AppError, failureMessages, successMessages, type Driver, type DriverAccessSettings, type DriverRestrictions } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import { diffFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import * as access from './driver-access.repository.ts';
import type { DriverAuthorizer } from './driver-authorizer.ts';
import * as repo from './drivers.repository.ts';

type Deps = {
  db: Database;
  authorizer: DriverAuthorizer;
  /** Loads, locks and checks the reach of the driver changed. */
  requireDriver: (tx: Executor, auth: AuthContext, driverId: string) => Promise<Driver>;
};

/** Where, when and how much a driver may charge, and what a location does with tags no driver has. */
export const createDriverRestrictions = ({ db, authorizer, requireDriver }: Deps) => {
  /** Allowed locations in the caller's reach; allowed chargers at those locations (or in reach when no list). */
  const assertRestrictionTargets = async (tx: Executor, auth: AuthContext, restrictions: DriverRestrictions) => {
    assertLocationAccess(auth, restrictions.locationIds);
    if ((await access.countExistingLocations(tx, restrictions.locationIds)) !== new Set(restrictions.locationIds).size)
      throw new AppError('DRIVER_RESTRICTIONS_INVALID', {
        messages: [failureMessages.updateDriverRestrictions, 'One of the chosen locations does not exist'],
      });
    const chargers = await access.chargerLocations(tx, restrictions.chargerIds);
    if (chargers.length !== new Set(restrictions.chargerIds).size)
      throw new AppError('DRIVER_RESTRICTIONS_INVALID', {
        messages: [failureMessages.updateDriverRestrictions, 'One of the chosen chargers does not exist'],
      });
    assertLocationAccess(
      auth,
      chargers.map((charger) => charger.locationId),
    );
    if (restrictions.locationIds.length && chargers.some((charger) => !restrictions.locationIds.includes(charger.locationId)))
      throw new AppError('DRIVER_RESTRICTIONS_INVALID', {
        messages: [failureMessages.updateDriverRestrictions, 'Every chosen charger must be at one of the chosen locations'],
      });
  };

  const updateRestrictions = async (auth: AuthContext, actor: Actor, driverId: string, restrictions: DriverRestrictions) => {
    const saved = await db.transaction(async (tx) => {
      const current = await requireDriver(tx, auth, driverId);
      await assertRestrictionTargets(tx, auth, restrictions);
      const changes = diffFields(current.restrictions, restrictions);
      if (Object.keys(changes).length) {
        await repo.updateDriverRow(tx, driverId, repo.restrictionColumns(restrictions));
        await recordActivity(tx, actor, {
          action: 'driver.restrictions',
          entity: 'driver',
          entityId: driverId,
          locationId: current.locationId,
          changes,
        });
      }
      return restrictions;
    });
    authorizer.forget({ driverIds: [driverId] });
    return { responseCode: 200, msg: [successMessages.driverRestrictionsUpdated], restrictions: saved };
  };

  const accessSettings = async (locationId: string): Promise<DriverAccessSettings> => {
    const location = await access.findLocationAccess(db, locationId);
    if (!location) throw new AppError('LOCATION_NOT_FOUND');
    return { locationId, acceptUnknownTags: location.acceptUnknownTags };
  };

  const updateAccessSettings = async (actor: Actor, body: DriverAccessSettings): Promise<DriverAccessSettings> => {
    await db.transaction(async (tx) => {
      const before = await access.findLocationAccess(tx, body.locationId);
      if (!before) throw new AppError('LOCATION_NOT_FOUND');
      await access.upsertAccessSettings(tx, body.locationId, body.acceptUnknownTags);
      await recordActivity(tx, actor, {
        action: 'driver.access_settings',
        entity: 'location',
        entityId: body.locationId,
        locationId: body.locationId,
        changes: diffFields({ acceptUnknownTags: before.acceptUnknownTags }, { acceptUnknownTags: body.acceptUnknownTags }),
      });
    });
    authorizer.forgetLocation(body.locationId);
    return body;
  };

  return { updateRestrictions, accessSettings, updateAccessSettings };
};
