import type { ChargerEvent } from '@wattdesk/shared/schemas/charging';
import type { Charger, CreatedCharger, CreateChargerBody, UpdateChargerBody } from '@wattdesk/shared/schemas/chargers';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { queryKeys, type ChargerEventsParams } from '../../../lib/query-keys.ts';

export const getCharger = (id: string, signal?: AbortSignal) => api.get<Charger>(`/chargers/${id}`, { ...(signal ? { signal } : {}) });
export const getChargerEvents = (id: string, params: ChargerEventsParams, signal?: AbortSignal) =>
  api.get<Paged<ChargerEvent>>(`/chargers/${id}/events`, { query: params, ...(signal ? { signal } : {}) });

/** One charger and its own log; the live feed refetches both when the charger reports. */
export const chargerQueries = {
  detail: (id: string) => queryOptions({ queryKey: queryKeys.chargers.detail(id), queryFn: ({ signal }) => getCharger(id, signal) }),
  events: (id: string, params: ChargerEventsParams) =>
    queryOptions({
      queryKey: queryKeys.chargers.eventsOf(id, params),
      queryFn: ({ signal }) => getChargerEvents(id, params, signal),
      placeholderData: keepPreviousData,
    }),
};

/** The dialog shows a failure itself, with Retry. */
export const useCharger = (id: string) => useQuery({ ...chargerQueries.detail(id), meta: { errorHandled: true } });
export const useChargerEvents = (id: string, params: ChargerEventsParams) =>
  useQuery({ ...chargerQueries.events(id, params), meta: { errorHandled: true } });

/** A charger change moves counts in the switcher, the location state and every charger list. */
export const invalidateAfterChargerChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.chargers.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.locations.all }),
  ]);

/** Answers the charger with its OCPP password, which is shown this once. */
export const createCharger = (body: CreateChargerBody) => api.post<CreatedCharger>('/chargers', body);
export const updateCharger = ({ id, ...body }: UpdateChargerBody & { id: string }) => api.patch<Charger>(`/chargers/${id}`, body);
export const moveCharger = ({ id, locationId }: { id: string; locationId: string }) => api.post<Charger>(`/chargers/${id}/move`, { locationId });
export const deleteCharger = (id: string) => api.delete(`/chargers/${id}`);

/** The location id goes before the file: the server reads the form in order. */
export const importChargers = ({ locationId, file }: { locationId: string; file: File }) => {
  const form = new FormData();
  form.append('locationId', locationId);
  form.append('file', file);
  return api.post<{ created: number; chargers: CreatedCharger[] }>('/chargers/batch', form);
};

/** A charger change settles only once the lists, counts and location states show it. */
const useChargerChange = <V, R>(mutationFn: (variables: V) => Promise<R>, errorHandled = false) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, meta: { errorHandled }, onSuccess: () => invalidateAfterChargerChange(queryClient) });
};

export type SaveChargerRequest = {
  existing: Charger | undefined;
  locationId: string;
  chargerId: string;
  ocppPassword?: string | undefined;
} & UpdateChargerBody;
export type SavedCharger = { saved: Charger; created?: CreatedCharger };

/** Registers a charger, or saves one already registered (its charger id and password stay as they are). */
export const saveCharger = async ({ existing, locationId, chargerId, ocppPassword, ...details }: SaveChargerRequest): Promise<SavedCharger> => {
  if (existing) return { saved: await updateCharger({ id: existing.id, ...details }) };
  const created = await createCharger({ ...(details as CreateChargerBody), chargerId, locationId, ...(ocppPassword ? { ocppPassword } : {}) });
  return { saved: created, created };
};

export const useSaveCharger = () => useChargerChange(saveCharger);
export const useMoveCharger = () => useChargerChange(moveCharger);
export const useDeleteCharger = () => useChargerChange((charger: Charger) => deleteCharger(charger.id));
/** The dialog lists each bad row itself. */
export const useImportChargers = () => useChargerChange(importChargers, true);
