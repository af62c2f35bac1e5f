import type { ChargerPriority, DpoOverview, MeshResponse, UpdateDpoBody, UpdateGridBody, UpdateMeshBody } from '@wattdesk/shared/schemas/energy';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.tsx';
import { queryKeys } from '../../../lib/query-keys.ts';

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
const useDpoSave = <B>(send: (body: B) => Promise<OkResponse>, failure: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    meta: { errorHandled: true },
    onSuccess: async (result) => {
      notifySuccess(result.msg[0] ?? 'Saved');
      await queryClient.invalidateQueries({ queryKey: queryKeys.dpo.all });
    },
    onError: (error) => notifyError(`${failure}: ${error.message}`),
  });
};

export const useSaveDpoLimit = () =>
  useDpoSave((body: UpdateDpoBody) => api.put<OkResponse>('/dpo/limit', body), 'Unable to update the charging limit');
export const useSaveGrid = () => useDpoSave((body: UpdateGridBody) => api.put<OkResponse>('/dpo/grid', body), 'Unable to update the power grid');
export const useSavePriority = () =>
  useDpoSave(
    ({ chargerId, priority }: { chargerId: string; priority: ChargerPriority }) =>
      api.put<OkResponse>(`/dpo/chargers/${chargerId}/priority`, { priority }),
    'Unable to update the priority',
  );
export const useSaveMesh = () =>
  useDpoSave(
    ({ chargerId, ...body }: UpdateMeshBody & { chargerId: string }) => api.put<OkResponse>(`/dpo/mesh/${chargerId}`, body),
    'Unable to update the mesh configuration',
  );
