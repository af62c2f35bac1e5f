import type { NetworkMap } from '@wattdesk/shared/schemas/network-map';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useCan } from '../../../lib/can.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The live feed refetches the map on every charger event; this slow poll only covers a feed that is down. */
const FALLBACK_REFRESH_MS = 30_000;

export const getNetworkMap = (signal?: AbortSignal) => api.get<NetworkMap>('/locations/network-map', signal ? { signal } : {});

export const networkMapQueries = {
  map: () =>
    queryOptions({
      queryKey: queryKeys.networkMap,
      queryFn: ({ signal }) => getNetworkMap(signal),
      refetchInterval: FALLBACK_REFRESH_MS,
    }),
};

/** Nothing is asked of a role without the control center: the server would only refuse. */
export const useNetworkMap = () => {
  const can = useCan();
  return useQuery({ ...networkMapQueries.map(), enabled: can('Control_Center_View') });
};
