import type { OkResponse } from '@wattdesk/shared/schemas/common';
import type { CreateMeterBody, Meter, MeterBody, MeterSaved } from '@wattdesk/shared/schemas/utility';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { energyText } from '../energy-text.ts';

export const getMeters = (locationId: string, signal?: AbortSignal) =>
  api.get<{ items: Meter[] }>('/meters', { query: { locationId }, ...(signal ? { signal } : {}) });

export const meterQueries = {
  list: (locationId: string) =>
    queryOptions({ queryKey: queryKeys.utility.meters(locationId), queryFn: ({ signal }) => getMeters(locationId, signal) }),
};

/** The section shows a load failure itself, with a retry. */
export const useMeters = (locationId: string) => useQuery({ ...meterQueries.list(locationId), meta: { errorHandled: true } });

/**
 * A meter change: the server's message on success and the list read again. Failures are shown where the change
 * was asked for (the dialog, or one toast for a removal), so `errorHandled` depends on the caller.
 */
const useMeterChange = <V, R extends { msg: string[] }>(send: (value: V) => Promise<R>, errorHandled: boolean) => {
  const queryClient = useQueryClient();
  const t = useT(energyText);
  return useMutation({
    mutationFn: send,
    meta: errorHandled ? { errorHandled: true } : { errorMessage: t('toast.removeMeterFailed') },
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? t('toast.meterUpdated'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.utility.all });
    },
  });
};

export const useAddMeter = () => useMeterChange((body: CreateMeterBody) => api.post<MeterSaved>('/meters', body), true);
export const useUpdateMeter = () => useMeterChange(({ id, ...body }: MeterBody & { id: string }) => api.put<MeterSaved>(`/meters/${id}`, body), true);
export const useRemoveMeter = () => useMeterChange((id: string) => api.delete<OkResponse>(`/meters/${id}`), false);
