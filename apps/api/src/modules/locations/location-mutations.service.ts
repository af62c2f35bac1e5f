import { AppError, type CreateLocationBody, type LocationState, type SetResellerBody, type UpdateLocationBody } from '@wattdesk/shared';
import type { Database, Executor } from '../../db/client.ts';
import type { AccessCache } from '../../lib/access-cache.ts';
import { newAccessCode } from '../../lib/access-code.ts';
import { diffFields, recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import * as repo from './location-mutations.repository.ts';
import { findLocationState } from './locations.repository.ts';

const PROFILE_FIELDS = ['name', 'addressLine1', 'addressLine2', 'city', 'state', 'zipCode', 'lng', 'lat', 'timeZone'] as const;
const profileOf = (row: repo.LocationRow): Record<string, unknown> => Object.fromEntries(PROFILE_FIELDS.map((field) => [field, row[field]]));

/** Roaming partners see published locations (OCPI): an edit owes them the new object, in the same transaction. */
type Roaming = { locationEdited: (tx: Executor, locationId: string) => Promise<void> };

export type LocationMutationsDeps = { db: Database; accessCache: AccessCache; roaming: Roaming };

export const createLocationMutations = ({ db, accessCache, roaming }: LocationMutationsDeps) => {
  const stateOf = async (locationId: string): Promise<LocationState> => {
    const state = await findLocationState(db, locationId);
    if (!state) throw new AppError('LOCATION_NOT_FOUND');
    return state;
  };

  /** A user with a location list gets the new location added to it, or they could not see what they made. */
  const createLocation = async (auth: AuthContext, actor: Actor, body: CreateLocationBody) => {
    const row = await db.transaction(async (tx) => {
      const created = await repo.insertLocation(tx, { ...body, accessCode: newAccessCode() });
      if (auth.locationIds !== 'all') await repo.linkUserToLocation(tx, auth.userId, created.id);
      await recordActivity(tx, actor, {
        action: 'location.create',
        entity: 'location',
        entityId: created.id,
        locationId: created.id,
        changes: diffFields({}, profileOf(created)),
      });
      return created;
    });
    if (auth.locationIds !== 'all') accessCache.invalidateUser(auth.userId);
    return stateOf(row.id);
  };

  /** Name, address and coordinates; the list entry changes with it (same row). */
  const updateProfile = async (actor: Actor, locationId: string, body: UpdateLocationBody) => {
    await db.transaction(async (tx) => {
      const before = await repo.findLocationRowForUpdate(tx, locationId);
      if (!before) throw new AppError('LOCATION_NOT_FOUND');
      const changes = diffFields(profileOf(before), body);
      if (Object.keys(changes).length === 0) return;
      await repo.updateLocation(tx, locationId, body);
      await recordActivity(tx, actor, { action: 'location.update', entity: 'location', entityId: locationId, locationId, changes });
      await roaming.locationEdited(tx, locationId);
    });
    return stateOf(locationId);
  };

  const setReseller = async (actor: Actor, body: SetResellerBody) => {
    const ids = [...new Set(body.locationIds)];
    return db.transaction(async (tx) => {
      if ((await repo.existingLocationIds(tx, ids)).length !== ids.length) throw new AppError('LOCATION_NOT_FOUND');
      const before = new Map<string, boolean>();
      for (const id of ids) before.set(id, (await repo.findLocationRowForUpdate(tx, id))!.hasReseller);
      await repo.setResellerFlag(tx, ids, body.hasReseller);
      for (const id of ids.filter((locationId) => before.get(locationId) !== body.hasReseller)) {
        await recordActivity(tx, actor, {
          action: 'location.reseller',
          entity: 'location',
          entityId: id,
          locationId: id,
          changes: { hasReseller: { before: before.get(id), after: body.hasReseller } },
        });
      }
      return { updated: ids.length };
    });
  };

  /** The old code stops working at once. The log records that it changed, not the codes themselves. */
  const regenerateAccessCode = async (actor: Actor, locationId: string) =>
    db.transaction(async (tx) => {
      if (!(await repo.findLocationRowForUpdate(tx, locationId))) throw new AppError('LOCATION_NOT_FOUND');
      const locationCode = newAccessCode();
      await repo.updateLocation(tx, locationId, { accessCode: locationCode });
      await recordActivity(tx, actor, {
        action: 'location.access_code',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: { locationCode: { before: 'hidden', after: 'regenerated' } },
      });
      return { locationCode };
    });

  /** Refused while chargers are registered there: they would be orphaned with their sessions. */
  const deleteLocation = async (actor: Actor, locationId: string) => {
    await db.transaction(async (tx) => {
      const before = await repo.findLocationRowForUpdate(tx, locationId);
      if (!before) throw new AppError('LOCATION_NOT_FOUND');
      const chargerCount = await repo.countChargersAt(tx, locationId);
      if (chargerCount > 0) {
        throw new AppError('LOCATION_HAS_CHARGERS', {
          messages: [
            `${before.name} still has ${chargerCount} charger${chargerCount === 1 ? '' : 's'}. Move or delete them before deleting the location`,
          ],
        });
      }
      await repo.deleteLocation(tx, locationId);
      await recordActivity(tx, actor, {
        action: 'location.delete',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: diffFields(profileOf(before), Object.fromEntries(PROFILE_FIELDS.map((field) => [field, null]))),
      });
    });
  };

  return { createLocation, updateProfile, setReseller, regenerateAccessCode, deleteLocation };
};

export type LocationMutations = ReturnType<typeof createLocationMutations>;
