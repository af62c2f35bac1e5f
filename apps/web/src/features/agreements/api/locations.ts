import type { LocationState } from '@wattdesk/shared/schemas/locations';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The selected location's state, under the same key the location screens use, so the cache is shared. */
export const useLocationSummary = (locationId: string | undefined) =>
  useQuery({
    queryKey: ['location', locationId ?? ''],
    queryFn: () => api.get<LocationState>('/locations/location-by-id', { query: { locationId } }),
    enabled: Boolean(locationId),
  });
