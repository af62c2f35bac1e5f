import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { api } from '../../../lib/api-client.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';

/** Locations the user reaches, for the location filter. */
export const useLocationOptions = (search: string) => {
  const settled = useDebouncedValue(search.trim());
  return useQuery({
    queryKey: ['locations', 'options', settled],
    queryFn: ({ signal }) => api.get<Paged<LocationListItem>>('/locations', { query: { search: settled || null, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
};
