import type { CreateLocationBody, LocationState, SetResellerBody, UpdateLocationBody } from '@wattdesk/shared/schemas/locations';
import type { locationRoamingSchema } from '@wattdesk/shared/schemas/roaming';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createLocation = (body: CreateLocationBody) => api.post<LocationState>('/locations', body);
export const updateLocation = ({ locationId, ...body }: UpdateLocationBody & { locationId: string }) =>
  api.patch<LocationState>(`/locations/${locationId}`, body);
export const setReseller = (body: SetResellerBody) => api.post<{ updated: number }>('/locations/reseller', body);
export const regenerateAccessCode = (locationId: string) => api.post<{ locationCode: string }>(`/locations/${locationId}/access-code`);
export const deleteLocation = (locationId: string) => api.delete(`/locations/${locationId}`);
export const setLocationRoaming = ({ locationId, publishToRoaming }: { locationId: string; publishToRoaming: boolean }) =>
  api.put<z.infer<typeof locationRoamingSchema>>(`/locations/${locationId}/roaming`, { publishToRoaming });

/**
 * A location change shows in every list (grid, switcher, pickers) and in the location's state, so all of them
 * refetch; the mutation settles only once they have, so a success toast never sits next to stale rows.
 */
const useLocationChange = <V, R>(mutationFn: (variables: V) => Promise<R>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.locations.all }) });
};

export const useCreateLocation = () => useLocationChange(createLocation);
export const useUpdateLocation = () => useLocationChange(updateLocation);
export const useSetReseller = () => useLocationChange(setReseller);
export const useRegenerateAccessCode = () => useLocationChange(regenerateAccessCode);
export const useDeleteLocation = () => useLocationChange(deleteLocation);
export const useSetLocationRoaming = () => useLocationChange(setLocationRoaming);
