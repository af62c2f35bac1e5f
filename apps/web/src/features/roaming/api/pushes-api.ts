import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { RoamingPush } from '@wattdesk/shared/schemas/roaming';
import { api } from '../../../lib/api-client.ts';
import { queryKeys, type RoamingPushParams } from '../../../lib/query-keys.ts';

export const getRoamingPushes = (partnerId: string, params: RoamingPushParams, signal?: AbortSignal) =>
  api.get<Paged<RoamingPush>>(`/roaming/partners/${partnerId}/pushes`, { query: params, ...(signal ? { signal } : {}) });

export const roamingPushQueries = {
  list: (partnerId: string, params: RoamingPushParams) =>
    queryOptions({
      queryKey: queryKeys.roaming.pushes(partnerId, params),
      queryFn: ({ signal }) => getRoamingPushes(partnerId, params, signal),
      // The table keeps the last page while the next one loads.
      placeholderData: keepPreviousData,
    }),
};

export const useRoamingPushes = (partnerId: string, params: RoamingPushParams) => useQuery(roamingPushQueries.list(partnerId, params));
