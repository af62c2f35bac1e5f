import { accountParentIdTag, normalizeIdTag } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { urgently } from '../../db/query-priority.ts';
import { decide, energyLimitKwh, type AuthorizationStatus, type TagHolder } from './authorization-rules.ts';
import * as access from './driver-access.repository.ts';

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
  const places = new Map<string, Cached<{ timeZone: string; acceptUnknownTags: boolean } | null>>();

  const cached = async <K, T>(cache: Map<K, Cached<T>>, key: K, load: () => Promise<T>): Promise<T> => {
    const hit = cache.get(key);
    const at = Date.now();
    if (hit && at - hit.loadedAt < ttlMs) return hit.value;
    const value = await load();
    cache.delete(key);
    // Map keeps insertion order: the first key is the least recently loaded one.
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as K);
    cache.set(key, { value, loadedAt: at });
    return value;
  };

  const decideTag = async (rawTag: string, place: { chargerId: string; locationId: string }): Promise<TagAuthorization> => {
    const tag = normalizeIdTag(rawTag);
    const [holder, location] = await Promise.all([
      cached(holders, tag, async () => (await access.findTagHolder(db, tag)) ?? null),
      cached(places, place.locationId, async () => (await access.findLocationAccess(db, place.locationId)) ?? null),
    ]);
    const nobody = { driverId: null, energyLimitWh: null, parentIdTag: null };
    if (!location) return { status: 'Invalid', reason: 'the charger has no location', ...nobody };
    if (!holder) {
      return location.acceptUnknownTags
        ? { status: 'Accepted', reason: 'unknown ID tag accepted: the location accepts tags no driver has', ...nobody }
        : { status: 'Invalid', reason: 'no driver has this ID tag', ...nobody };
    }
    const at = now();
    const count = (driverId: string, wholeAccount: boolean) => access.countSessionsOnLocalDay(db, driverId, at, location.timeZone, wholeAccount);
    const [driver, account] = await Promise.all([
      holder.maxSessionsPerDay === null ? 0 : count(holder.driverId, false),
      (holder.main?.maxSessionsPerDay ?? null) === null ? 0 : count(holder.accountId, true),
    ]);
    const decision = decide(holder, { ...place, timeZone: location.timeZone, at }, { driver, account });
    const limitKwh = energyLimitKwh(holder);
    return {
      ...decision,
      driverId: holder.driverId,
      energyLimitWh: limitKwh === null ? null : limitKwh * 1000,
      parentIdTag: accountParentIdTag(holder.accountId),
    };
  };

  /** A driver is waiting at the charger: its reads go ahead of telemetry and dashboard reads on PGlite. */
  const authorize = (rawTag: string, place: { chargerId: string; locationId: string }) => urgently(() => decideTag(rawTag, place));

  /** The kWh limit of a running session's driver, for a session picked up again after a reconnect (rare). */
  const energyLimitWh = async (driverId: string): Promise<number | null> => {
    const limit = await access.findEnergyLimit(db, driverId);
    return limit === null ? null : limit * 1000;
  };

  return {
    authorize,
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
