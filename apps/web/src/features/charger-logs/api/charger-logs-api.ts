import type { ChargerLogFilter, ChargerLogQuery, ChargerLogResponse } from '@wattdesk/shared/schemas/charger-log';
import type { ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { notifySuccess } from '../../../lib/notify.tsx';

/**
 * The live feed refetches on a charger's status, connection and session messages; commands, firmware and
 * diagnostics reports send none, so this slow poll brings those in (and covers a feed that is down).
 */
const FALLBACK_REFRESH_MS = 30_000;

/** Keys the live feed refetches by (lib/use-live-charger-feed.ts): ['charger-log', …] with params.locationId. */
export const chargerLogQueries = {
  list: (params: ChargerLogQuery) =>
    queryOptions({
      queryKey: ['charger-log', 'list', params],
      queryFn: ({ signal }) => api.get<ChargerLogResponse>('/charger-events', { query: params, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: FALLBACK_REFRESH_MS,
    }),
  /** The location's chargers, for the charger filter (the same key as other screens' charger lists). */
  chargers: (locationId: string) =>
    queryOptions({
      queryKey: ['chargers', { locationId, page: 1, pageSize: 200, sort: 'name' }],
      queryFn: ({ signal }) => api.get<ChargerListResponse>('/chargers', { query: { locationId, page: 1, pageSize: 200, sort: 'name' }, signal }),
      placeholderData: keepPreviousData,
    }),
};

export const useChargerLog = (params: ChargerLogQuery) => useQuery({ ...chargerLogQueries.list(params), meta: { errorHandled: true } });
export const useLogChargerOptions = (locationId: string) => useQuery(chargerLogQueries.chargers(locationId));

/** The filtered log as a CSV file (a GET with the same filters, with the bearer token). */
export const useExportChargerLog = () =>
  useMutation({
    mutationFn: (filter: ChargerLogFilter) => api.download('/charger-events/export', { query: filter, fallbackName: 'charger-log.csv' }),
    onSuccess: (name) => notifySuccess(`Downloaded ${name}`),
  });
