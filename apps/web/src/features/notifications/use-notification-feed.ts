import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCan } from '../../lib/can.tsx';
import { runLiveFeed } from '../../lib/live-feed.ts';
import { queryKeys } from '../../lib/query-keys.ts';

/**
 * Follows the live feed of every location in reach and refetches the bell when a notification arrives
 * (events with reason 'notification'), or when the feed comes back after a gap. Answers whether it runs:
 * the feed is charger data, so a role without Chargers_View polls instead.
 */
export const useNotificationFeed = (): boolean => {
  const queryClient = useQueryClient();
  const can = useCan();
  const enabled = can('Notifications_View') && can('Chargers_View');
  useEffect(() => {
    if (!enabled) return undefined;
    const controller = new AbortController();
    const refetch = () => void queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all });
    void runLiveFeed({
      locationId: null,
      signal: controller.signal,
      onEvent: (event) => {
        if (event.reason === 'notification') refetch();
      },
      onStatus: () => undefined,
      onResync: refetch,
    });
    return () => controller.abort();
  }, [enabled, queryClient]);
  return enabled;
};
