import type { MaintenanceBody, MaintenanceOverview, MaintenanceResult } from '@wattdesk/shared/schemas/charging';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useT } from '../../../i18n/use-t.ts';
import { maintenanceText } from '../maintenance-text.ts';

export const getMaintenance = (locationId: string, signal?: AbortSignal) =>
  api.get<MaintenanceOverview>('/maintenance', { query: { locationId }, ...(signal ? { signal } : {}) });
export const setMaintenance = (body: MaintenanceBody) => api.post<MaintenanceResult>('/maintenance', body);

/** The live feed refetches a location's overview when one of its chargers reports (lib/use-live-charger-feed.ts). */
export const maintenanceQueries = {
  overview: (locationId: string) =>
    queryOptions({ queryKey: queryKeys.maintenance.overview(locationId), queryFn: ({ signal }) => getMaintenance(locationId, signal) }),
};

export const useMaintenanceOverview = (locationId: string) => useQuery({ ...maintenanceQueries.overview(locationId), meta: { errorHandled: true } });

/** Puts chargers in maintenance or back in service; the toast is the server's message, word for word. */
export const useSetMaintenance = (locationId: string) => {
  const queryClient = useQueryClient();
  const t = useT(maintenanceText);
  return useMutation({
    mutationFn: setMaintenance,
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? t('toast.saved'));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.maintenance.overview(locationId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.chargers.all }),
      ]);
    },
  });
};
