import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { api } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Locations the signed-in user reaches, matching a search: the choices of the location pickers. */
export const useLocationOptions = (search: string, enabled = true) => {
  const settled = useDebouncedValue(search.trim());
  return useQuery({
    queryKey: ['locations', 'options', settled],
    queryFn: ({ signal }) => api.get<Paged<LocationListItem>>('/locations', { query: { search: settled || null, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
};
