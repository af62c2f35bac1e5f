import type { ChargerEvent } from '@wattdesk/shared/schemas/charging';
import type { Charger, ChargerListQuery, ChargerListResponse, CreatedCharger, CreateChargerBody, UpdateChargerBody } from '@wattdesk/shared/schemas/chargers';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { locationKeys } from './locations-api.ts';

export type ChargerListParams = Partial<Omit<ChargerListQuery, 'status' | 'kind'>> & { status?: string; kind?: string };

/**
 * The live feed refetches by these keys (lib/use-live-charger-feed.ts): keep `['chargers', params]` with
 * params.locationId, `['charger', id]` and `['charger-events', id, …]`.
 */
export const chargerQueries = {
  list: (params: ChargerListParams, options: { refetchInterval?: number } = {}) =>
    queryOptions({
      queryKey: ['chargers', params],
      queryFn: ({ signal }) => api.get<ChargerListResponse>('/chargers', { query: params, signal }),
      placeholderData: keepPreviousData,
      ...options,
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: ['charger', id],
      queryFn: ({ signal }) => api.get<Charger>(`/chargers/${id}`, { signal }),
    }),
  events: (id: string, params: { page: number; pageSize: number }) =>
    queryOptions({
      queryKey: ['charger-events', id, params],
      queryFn: ({ signal }) => api.get<Paged<ChargerEvent>>(`/chargers/${id}/events`, { query: params, signal }),
      placeholderData: keepPreviousData,
    }),
};

/** A charger change moves counts in the switcher, the location state and every charger list. */
export const invalidateAfterChargerChange = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: ['chargers'] }),
    queryClient.invalidateQueries({ queryKey: ['charger'] }),
    queryClient.invalidateQueries({ queryKey: locationKeys.lists }),
    queryClient.invalidateQueries({ queryKey: ['location'] }),
  ]);

/** Answers the charger with its OCPP password, which is shown this once. */
export const createCharger = (body: CreateChargerBody) => api.post<CreatedCharger>('/chargers', body);
export const updateCharger = ({ id, ...body }: UpdateChargerBody & { id: string }) => api.patch<Charger>(`/chargers/${id}`, body);
export const moveCharger = ({ id, locationId }: { id: string; locationId: string }) =>
  api.post<Charger>(`/chargers/${id}/move`, { locationId });
export const deleteCharger = (id: string) => api.delete(`/chargers/${id}`);

/** The location id goes before the file: the server reads the form in order. */
export const importChargers = ({ locationId, file }: { locationId: string; file: File }) => {
  const form = new FormData();
  form.append('locationId', locationId);
  form.append('file', file);
  return api.post<{ created: number; chargers: CreatedCharger[] }>('/chargers/batch', form);
};
