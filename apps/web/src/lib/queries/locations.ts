import type { LocationListItem, LocationState } from '@wattdesk/shared/schemas/locations';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useCan } from '../can.tsx';
import { queryKeys, type LocationListParams } from '../query-keys.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

export const getLocations = (params: LocationListParams, signal?: AbortSignal) =>
  api.get<Paged<LocationListItem>>('/locations', { query: params, ...(signal ? { signal } : {}) });

export const getLocationState = (locationId: string, signal?: AbortSignal) =>
  api.get<LocationState>('/locations/location-by-id', { query: { locationId }, ...(signal ? { signal } : {}) });

/** The locations in reach and one location's state: the switcher, the location screens and every location picker read them. */
export const locationQueries = {
  list: (params: LocationListParams) =>
    queryOptions({
      queryKey: queryKeys.locations.list(params),
      queryFn: ({ signal }) => getLocations(params, signal),
      placeholderData: keepPreviousData,
    }),
  state: (locationId: string) =>
    queryOptions({
      queryKey: queryKeys.locations.state(locationId),
      queryFn: ({ signal }) => getLocationState(locationId, signal),
    }),
};

/** Nothing is asked of a role without Locations_View: the server would only refuse. */
export const useLocations = (params: LocationListParams, { enabled = true }: { enabled?: boolean } = {}) => {
  const can = useCan();
  return useQuery({ ...locationQueries.list(params), enabled: enabled && can('Locations_View') });
};

/** A location's state; nothing is asked while none is selected. */
export const useLocationState = (locationId: string | null | undefined, options: { errorHandled?: boolean; retry?: false } = {}) => {
  const can = useCan();
  return useQuery({
    ...locationQueries.state(locationId ?? ''),
    enabled: Boolean(locationId) && can('Locations_View'),
    ...(options.retry === false ? { retry: false } : {}),
    ...(options.errorHandled ? { meta: { errorHandled: true } } : {}),
  });
};

/** The first locations matching what the user types: the choices of a location picker. */
export const useLocationOptions = (search: string, enabled = true) => {
  const settled = useDebouncedValue(search.trim());
  return useLocations({ search: settled || undefined, page: 1, pageSize: 20, sort: 'name' }, { enabled });
};

/** The IANA time zone of a location, for showing its times (undefined while unknown: the browser's zone, labelled). */
export const useLocationTimeZone = (locationId: string | null | undefined): string | undefined =>
  useLocationState(locationId, { errorHandled: true }).data?.timeZone;
