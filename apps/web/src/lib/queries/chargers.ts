import type { ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';
import { useCan } from '../can.tsx';
import { queryKeys, type ChargerListParams } from '../query-keys.ts';
import { keepPreviousWithinLocation } from './keep-previous-within-location.ts';

/** Every charger of a location fits one page of a charger picker; the picker says so when a location has more. */
export const CHARGER_OPTIONS_PAGE_SIZE = 200;

export const getChargers = (params: ChargerListParams, signal?: AbortSignal) =>
  api.get<ChargerListResponse>('/chargers', { query: params, ...(signal ? { signal } : {}) });

/** The charger list: the control center, assets, maintenance, the dashboard's counts and the charger filters read it. */
export const chargerListQuery = (params: ChargerListParams) =>
  queryOptions({
    queryKey: queryKeys.chargers.list(params),
    queryFn: ({ signal }) => getChargers(params, signal),
    placeholderData: keepPreviousWithinLocation(params.locationId),
  });

type ChargerListOptions = { enabled?: boolean; refetchInterval?: number; errorHandled?: boolean };

/** Nothing is asked of a role without Chargers_View (a Reseller's dashboard): the server would only refuse. */
export const useChargers = (params: ChargerListParams, { enabled = true, refetchInterval, errorHandled = false }: ChargerListOptions = {}) => {
  const can = useCan();
  return useQuery({
    ...chargerListQuery(params),
    enabled: enabled && can('Chargers_View'),
    ...(refetchInterval ? { refetchInterval } : {}),
    ...(errorHandled ? { meta: { errorHandled } } : {}),
  });
};

/** A location's chargers by name, for charger filters and pickers (one cache entry, whichever screen asks). */
export const chargerOptionsParams = (locationId: string): ChargerListParams => ({
  locationId,
  page: 1,
  pageSize: CHARGER_OPTIONS_PAGE_SIZE,
  sort: 'name',
});

export const useChargerOptions = (locationId: string, options: ChargerListOptions = {}) => useChargers(chargerOptionsParams(locationId), options);

/** The chargers of several locations at once (each under its own charger-options key), with their location. */
export const useChargersOfLocations = (locationIds: readonly string[]) => {
  const can = useCan();
  return useQueries({
    queries: locationIds.map((locationId) => ({ ...chargerListQuery(chargerOptionsParams(locationId)), enabled: can('Chargers_View') })),
    combine: (results) =>
      results.flatMap((result, index) => (result.data?.items ?? []).map((charger) => ({ ...charger, locationId: locationIds[index]! }))),
  });
};
