import type { ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Totals only: one-row pages, the counts come with them. */
export const overviewQueries = {
  locations: () =>
    queryOptions({
      queryKey: ['locations', { overview: true }],
      queryFn: ({ signal }) => api.get<Paged<LocationListItem>>('/locations', { query: { pageSize: 1 }, signal }),
    }),
  chargers: (locationId: string | null) =>
    queryOptions({
      queryKey: ['chargers', { overview: true, locationId }],
      queryFn: ({ signal }) => api.get<ChargerListResponse>('/chargers', { query: { pageSize: 1, locationId }, signal }),
      refetchInterval: 30_000,
    }),
};
