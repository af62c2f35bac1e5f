import type { ChargerPriority, DpoOverview, MeshResponse, UpdateDpoBody, UpdateGridBody, UpdateMeshBody } from '@wattdesk/shared/schemas/energy';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useT } from '../../../i18n/use-t.ts';
import { api } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';
import { energyText, type EnergyKey } from '../energy-text.ts';

export const getDpoOverview = (locationId: string, signal?: AbortSignal) => api.get<DpoOverview>('/dpo', { query: { locationId }, signal });
export const getMesh = (locationId: string, signal?: AbortSignal) => api.get<MeshResponse>('/dpo/mesh', { query: { locationId }, signal });

export const dpoQueries = {
  overview: (locationId: string) =>
    queryOptions({ queryKey: queryKeys.dpo.overview(locationId), queryFn: ({ signal }) => getDpoOverview(locationId, signal) }),
  mesh: (locationId: string) => queryOptions({ queryKey: queryKeys.dpo.mesh(locationId), queryFn: ({ signal }) => getMesh(locationId, signal) }),
};

export const useDpoOverview = (locationId: string) => useQuery({ ...dpoQueries.overview(locationId), meta: { errorHandled: true } });
export const useMesh = (locationId: string, enabled: boolean) => useQuery({ ...dpoQueries.mesh(locationId), enabled, meta: { errorHandled: true } });

/** A change to dynamic power: the server's message, and the location's power figures refetched. */
const useDpoSave = <B>(send: (body: B) => Promise<OkResponse>, failure: EnergyKey) => {
  const queryClient = useQueryClient();
  const t = useT(energyText);
  return useMutation({
    mutationFn: send,
    meta: { errorHandled: true },
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? t('toast.saved'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.dpo.all });
    },
    onError: (error) => notifyError(t('toast.failure', { failure: t(failure), reason: error.message })),
  });
};

export const useSaveDpoLimit = () => useDpoSave((body: UpdateDpoBody) => api.put<OkResponse>('/dpo/limit', body), 'toast.limitFailed');
export const useSaveGrid = () => useDpoSave((body: UpdateGridBody) => api.put<OkResponse>('/dpo/grid', body), 'toast.gridFailed');
export const useSavePriority = () =>
  useDpoSave(
    ({ chargerId, priority }: { chargerId: string; priority: ChargerPriority }) =>
      api.put<OkResponse>(`/dpo/chargers/${chargerId}/priority`, { priority }),
    'toast.priorityFailed',
  );
export const useSaveMesh = () =>
  useDpoSave(
    ({ chargerId, ...body }: UpdateMeshBody & { chargerId: string }) => api.put<OkResponse>(`/dpo/mesh/${chargerId}`, body),
    'toast.meshFailed',
  );
