import type { LiveEvent } from '@wattdesk/shared/schemas/charging';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Coalescer } from './coalescer.ts';
import { runLiveFeed, type LiveFeedStatus } from './live-feed.ts';

/** At most one round of refetches per this many ms, however many chargers report at once. */
export const LIVE_REFETCH_INTERVAL_MS = 300;

/**
 * The query keys whose data a charger's message can change, by their first element:
 * ['chargers', params] (lists, params.locationId), ['charger', id], ['charger-events', id, …],
 * ['sessions', …] (lists with params.locationId, details), ['charger-log', …] (a location's log, params.locationId),
 * ['maintenance', locationId].
 */
const LIVE_ROOTS = new Set(['chargers', 'charger', 'charger-events', 'sessions', 'charger-log', 'maintenance']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const locationOfKey = (key: readonly unknown[]): unknown => key.find(isRecord)?.locationId;

/** Whether a query shows something these charger events may have changed. */
export const isAffectedBy = (key: readonly unknown[], events: readonly LiveEvent[]): boolean => {
  const [root, second] = key;
  switch (root) {
    case 'chargers':
    case 'sessions':
    case 'charger-log': {
      const locationId = locationOfKey(key);
      return typeof locationId !== 'string' || events.some((event) => event.locationId === locationId);
    }
    case 'charger':
    case 'charger-events':
      return events.some((event) => event.id === second);
    case 'maintenance':
      return events.some((event) => event.locationId === second);
    default:
      return false;
  }
};

/** After a gap in the feed: everything live the screen shows (of this location, or of all). */
export const isLiveQuery = (key: readonly unknown[], locationId: string | null): boolean => {
  if (typeof key[0] !== 'string' || !LIVE_ROOTS.has(key[0])) return false;
  if (!locationId) return true;
  const keyLocation = key[0] === 'maintenance' ? key[1] : locationOfKey(key);
  return typeof keyLocation !== 'string' || keyLocation === locationId;
};

/**
 * Follows the live feed of one location (null: all in reach) while the screen is shown, and refetches the
 * queries each charger event touches, coalesced. Answers the feed's state for a "Live" indicator.
 * With `enabled` false (nothing live on the screen) it does not connect.
 */
export const useLiveChargerFeed = (locationId: string | null, { enabled = true }: { enabled?: boolean } = {}): LiveFeedStatus => {
  const queryClient = useQueryClient();
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
