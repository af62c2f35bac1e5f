import { accountParentIdTag, normalizeIdTag } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { decide, energyLimitKwh, type AuthorizationStatus, type SessionsToday, type TagHolder } from './authorization-rules.ts';
import * as access from './driver-access.repository.ts';
import { createBatchedLookup } from '../../lib/group-commit.ts';

/** The answer to an idTag presented at a charger, with what the session must keep to (a kWh limit). */
export type TagAuthorization = {
  status: AuthorizationStatus;
  /** For the charger log: why, in words. */
  reason: string;
  driverId: string | null;
  energyLimitWh: number | null;
  /** The account's OCPP parentIdTag (decision 058): every tag of a main user and its sub-users shares it. */
  parentIdTag: string | null;
};

type Cached<T> = { value: T; loadedAt: number };

/**
 * Authorize must answer fast for a network of many drivers, so tag holders and location settings are kept
 * in a small in-process cache. Every change made here drops the entries it affects at once; another API
 * node sees the change when its entry is older than `ttlMs` (docs/charger-network.md).
 */
export const createDriverAuthorizer = ({
  db,
  now,
  ttlMs = 30_000,
  maxEntries = 250_000,
}: {
  db: Database;
  now: () => Date;
  ttlMs?: number;
  maxEntries?: number;
}) => {
  const holders = new Map<string, Cached<TagHolder | null>>();
  const places = new Map<string, Cached<{ timeZone: string; acceptUnknownTags: boolean; refuseWithoutCard: boolean } | null>>();

  const fresh = <K, T>(cache: Map<K, Cached<T>>, key: K): Cached<T> | undefined => {
    const hit = cache.get(key);
    return hit && Date.now() - hit.loadedAt < ttlMs ? hit : undefined;
  };
  const remember = <K, T>(cache: Map<K, Cached<T>>, key: K, value: T) => {
    cache.delete(key);
    // Map keeps insertion order: the first key is the least recently loaded one.
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as K);
    cache.set(key, { value, loadedAt: Date.now() });
  };

  const placeOf = async (locationId: string) => {
    const hit = fresh(places, locationId);
    if (hit) return hit.value;
    const value = (await access.findLocationAccessAtCharger(db, locationId)) ?? null;
    remember(places, locationId, value);
    return value;
  };

  /**
   * The tag's holder and the day's sessions its limits count: from the cache and, only if a limit needs them, one
   * count; else both from one statement. Either way one statement at most, so one wait at most on PGlite.
   */
  const holderOf = async (tag: string, day: access.LocalDay): Promise<{ holder: TagHolder; today: SessionsToday } | null> => {
    const hit = fresh(holders, tag);
    if (hit) {
      const holder = hit.value;
      return holder && { holder, today: await access.countSessionsToday(db, holder, day) };
    }
    const found = await access.findTagHolder(db, tag, day);
    remember(holders, tag, found?.holder ?? null);
    return found ?? null;
  };

  const decideTag = async (rawTag: string, place: { chargerId: string; locationId: string }): Promise<TagAuthorization> => {
    const tag = normalizeIdTag(rawTag);
    const location = await placeOf(place.locationId);
    const nobody = { driverId: null, energyLimitWh: null, parentIdTag: null };
    if (!location) return { status: 'Invalid', reason: 'the charger has no location', ...nobody };
    const at = now();
    const found = await holderOf(tag, { at, timeZone: location.timeZone });
    if (!found) {
      return location.acceptUnknownTags
        ? { status: 'Accepted', reason: 'unknown ID tag accepted: the location accepts tags no driver has', ...nobody }
        : { status: 'Invalid', reason: 'no driver has this ID tag', ...nobody };
    }
    const { holder, today } = found;
    const decision = decide(holder, { ...place, timeZone: location.timeZone, at, refuseWithoutCard: location.refuseWithoutCard }, today);
    const limitKwh = energyLimitKwh(holder);
    return {
      ...decision,
      driverId: holder.driverId,
      energyLimitWh: limitKwh === null ? null : limitKwh * 1000,
      parentIdTag: accountParentIdTag(holder.accountId),
    };
  };

  /**
   * The kWh limit of a running session's driver, for a session picked up again after a reconnect: after a network
   * blip every charger asks at once, and those asking within a tenth of a second are read together.
   */
  const energyLimits = createBatchedLookup((driverIds: string[]) => access.findEnergyLimits(db, driverIds), { roundEveryMs: 100 });
  const energyLimitWh = async (driverId: string): Promise<number | null> => {
    const limit = (await energyLimits.get(driverId)) ?? null;
    return limit === null ? null : limit * 1000;
  };

  return {
    authorize: decideTag,
    energyLimitWh,
    /** A driver changed (status, restrictions, tags): its tags, old and new, are read again. */
    forget: ({ driverIds = [], tags = [] }: { driverIds?: readonly string[]; tags?: readonly string[] }) => {
      for (const tag of tags) holders.delete(normalizeIdTag(tag));
      if (!driverIds.length) return;
      const changed = new Set(driverIds);
      for (const [tag, entry] of holders) {
        // Sub-users carry their main user's status and restrictions, and which of them belong to a changed main user is not
        // cached: every sub-user entry is read again.
        if (entry.value && (changed.has(entry.value.driverId) || entry.value.main !== null)) holders.delete(tag);
      }
    },
    forgetLocation: (locationId: string) => places.delete(locationId),
    /** After an import: the new tags may have been cached as unknown. */
    forgetAll: () => holders.clear(),
  };
};

export type DriverAuthorizer = ReturnType<typeof createDriverAuthorizer>;
