import type { MaintenanceBody, MaintenanceOverview, MaintenanceResult } from '@wattdesk/shared/schemas/charging';
import type { ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';

/** Every charger of a location fits one page here; the list says so when a location has more. */
export const MAINTENANCE_PAGE_SIZE = 200;

/** Keys the live feed refetches by (lib/use-live-charger-feed.ts): ['maintenance', locationId], ['chargers', params]. */
export const maintenanceQueries = {
  overview: (locationId: string) =>
    queryOptions({
      queryKey: ['maintenance', locationId],
      queryFn: ({ signal }) => api.get<MaintenanceOverview>('/maintenance', { query: { locationId }, signal }),
    }),
  chargers: (locationId: string) =>
    queryOptions({
      queryKey: ['chargers', { locationId, page: 1, pageSize: MAINTENANCE_PAGE_SIZE, sort: 'name' }],
      queryFn: ({ signal }) =>
        api.get<ChargerListResponse>('/chargers', { query: { locationId, page: 1, pageSize: MAINTENANCE_PAGE_SIZE, sort: 'name' }, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useMaintenanceOverview = (locationId: string) => useQuery({ ...maintenanceQueries.overview(locationId), meta: { errorHandled: true } });
export const useLocationChargers = (locationId: string) => useQuery({ ...maintenanceQueries.chargers(locationId), meta: { errorHandled: true } });

export const setMaintenance = (body: MaintenanceBody) => api.post<MaintenanceResult>('/maintenance', body);

/** Puts chargers in maintenance or back in service; the toast is the server's message, word for word. */
export const useSetMaintenance = (locationId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaintenance,
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? 'Saved');
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['maintenance', locationId] }),
        queryClient.invalidateQueries({ queryKey: ['chargers'] }),
      ]);
    },
  });
};
