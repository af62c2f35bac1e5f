import type { DeviceModelPage, SetDeviceVariableBody, SetDeviceVariableResult } from '@wattdesk/shared/schemas/device-model';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys, type DeviceModelParams } from '../../../lib/query-keys.ts';

export const getDeviceModel = (id: string, params: DeviceModelParams, signal?: AbortSignal) =>
  api.get<DeviceModelPage>(`/chargers/${id}/device-model`, { query: params, ...(signal ? { signal } : {}) });

export const deviceModelQuery = (id: string, params: DeviceModelParams) =>
  queryOptions({
    queryKey: queryKeys.chargers.deviceModel(id, params),
    queryFn: ({ signal }) => getDeviceModel(id, params, signal),
    placeholderData: keepPreviousData,
  });

export const useDeviceModel = (id: string, params: DeviceModelParams) => useQuery(deviceModelQuery(id, params));

/** SetVariables at the charger; the server stores the value once the charger accepts it. */
export const useSetDeviceVariable = (id: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetDeviceVariableBody) => api.put<SetDeviceVariableResult>(`/chargers/${id}/device-model/variable`, body),
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? result.status);
      await queryClient.invalidateQueries({ queryKey: queryKeys.chargers.deviceModel(id) });
    },
  });
};
