import type { LiveEvent } from '@wattdesk/shared/schemas/charging';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useCan } from './can.tsx';
import { Coalescer } from './coalescer.ts';
import { runLiveFeed, type LiveFeedStatus } from './live-feed.ts';
import { isUnder, queryKeys } from './query-keys.ts';

/** At most one round of refetches per this many ms, however many chargers report at once. */
export const LIVE_REFETCH_INTERVAL_MS = 300;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The location a list key is for (its parameters' locationId); undefined: every location in reach. */
const locationOfKey = (key: readonly unknown[]): unknown => key.find(isRecord)?.locationId;

/** One charger's own data: its details and its log; the charger's id comes third in these keys. */
const CHARGER_SCOPED = [queryKeys.chargers.details, queryKeys.chargers.events];
/** Lists (and session details) whose parameters name the location they show; the network map names none, so any event refreshes it. */
const LOCATION_SCOPED = [queryKeys.chargers.lists, queryKeys.sessions.all, queryKeys.chargerLog.all, queryKeys.networkMap];

/** Queries with the location second in their key: maintenance, dynamic power. */
const LOCATION_SECOND = [queryKeys.maintenance.all, queryKeys.dpo.all];

const isUnderAny = (key: readonly unknown[], prefixes: readonly (readonly unknown[])[]) => prefixes.some((prefix) => isUnder(key, prefix));

/** Whether a query shows something these charger events may have changed. */
export const isAffectedBy = (key: readonly unknown[], events: readonly LiveEvent[]): boolean => {
  if (isUnderAny(key, CHARGER_SCOPED)) return events.some((event) => event.id === key[2]);
  if (isUnderAny(key, LOCATION_SECOND)) return events.some((event) => event.locationId === key[1]);
  if (isUnderAny(key, LOCATION_SCOPED)) {
    const locationId = locationOfKey(key);
    return typeof locationId !== 'string' || events.some((event) => event.locationId === locationId);
  }
  return false;
};

/** After a gap in the feed: everything live the screen shows (of this location, or of all). */
export const isLiveQuery = (key: readonly unknown[], locationId: string | null): boolean => {
  if (isUnderAny(key, CHARGER_SCOPED)) return true;
  const isLocationSecond = isUnderAny(key, LOCATION_SECOND);
  if (!isLocationSecond && !isUnderAny(key, LOCATION_SCOPED)) return false;
  if (!locationId) return true;
  const keyLocation = isLocationSecond ? key[1] : locationOfKey(key);
  return typeof keyLocation !== 'string' || keyLocation === locationId;
};

/**
 * Follows the live feed of one location (null: all in reach) while the screen is shown, and refetches the
 * queries each charger event touches, coalesced. Answers the feed's state for a "Live" indicator.
 * With `enabled` false (nothing live on the screen), or for a role that may not see chargers, it does not connect.
 */
export const useLiveChargerFeed = (locationId: string | null, options: { enabled?: boolean } = {}): LiveFeedStatus => {
  const queryClient = useQueryClient();
  const can = useCan();
  // The feed is charger data: a role without Chargers_View is not connected (the server would refuse).
  const enabled = (options.enabled ?? true) && can('Chargers_View');
  const [status, setStatus] = useState<LiveFeedStatus>('connecting');
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    const coalescer = new Coalescer<LiveEvent>(
      (events) => void queryClient.invalidateQueries({ predicate: (query) => isAffectedBy(query.queryKey, events) }),
      LIVE_REFETCH_INTERVAL_MS,
      (event) => event.id,
    );
    void runLiveFeed({
      locationId,
      signal: controller.signal,
      onStatus: (next) => {
        if (!controller.signal.aborted) setStatus(next);
      },
      onEvent: (event) => coalescer.push(event),
      onResync: () => void queryClient.invalidateQueries({ predicate: (query) => isLiveQuery(query.queryKey, locationId) }),
    });
    return () => {
      controller.abort();
      coalescer.cancel();
    };
  }, [locationId, enabled, queryClient]);
  return status;
};
