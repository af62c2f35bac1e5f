import type { LocationListItem, LocationListQuery, LocationState } from '@wattdesk/shared/schemas/locations';
import type { CreateLocationBody, SetResellerBody, UpdateLocationBody } from '@wattdesk/shared/schemas/locations';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type LocationListParams = Partial<Omit<LocationListQuery, 'hasReseller'>> & { hasReseller?: boolean };

export const locationKeys = {
  lists: ['locations'] as const,
  list: (params: LocationListParams) => ['locations', params] as const,
  states: ['location'] as const,
  state: (locationId: string) => ['location', locationId] as const,
};

export const locationQueries = {
  list: (params: LocationListParams) =>
    queryOptions({
      queryKey: locationKeys.list(params),
      queryFn: ({ signal }) => api.get<Paged<LocationListItem>>('/locations', { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
  state: (locationId: string) =>
    queryOptions({
      queryKey: locationKeys.state(locationId),
      queryFn: ({ signal }) => api.get<LocationState>('/locations/location-by-id', { query: { locationId }, signal }),
    }),
};

export const createLocation = (body: CreateLocationBody) => api.post<LocationState>('/locations', body);
export const updateLocation = ({ locationId, ...body }: UpdateLocationBody & { locationId: string }) =>
  api.patch<LocationState>(`/locations/${locationId}`, body);
export const setReseller = (body: SetResellerBody) =>
  api.post<{ updated: number }>('/locations/reseller', body);

/**
 * The flag shows in every list (grid, switcher) and in each location's state, so all of them refetch;
 * the mutation settles only once they have, so a success toast never sits next to stale rows.
 */
export const useSetReseller = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReseller,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: locationKeys.lists }),
        queryClient.invalidateQueries({ queryKey: locationKeys.states }),
      ]),
  });
};
export const regenerateAccessCode = (locationId: string) =>
  api.post<{ locationCode: string }>(`/locations/${locationId}/access-code`);
export const deleteLocation = (locationId: string) => api.delete(`/locations/${locationId}`);
