import {
  AppError,
  NETWORK_MAP_MAX_LOCATIONS,
  parseSort,
  pinStatusOf,
  type LocationListQuery,
  type LocationState,
  type NetworkMap,
} from '@wattdesk/shared';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { locationScope } from '../../lib/location-access.ts';
import type { Database, Executor } from '../../db/client.ts';
import { findLocationRow } from './location-mutations.repository.ts';
import * as repo from './locations.repository.ts';
import { listNetworkMapRows } from './network-map.repository.ts';

export type LocationsServiceDeps = { db: Database };

export const createLocationsService = ({ db }: LocationsServiceDeps) => {
  const getLocationState = async (locationId: string): Promise<LocationState> => {
    const state = await repo.findLocationState(db, locationId);
    if (!state) throw new AppError('LOCATION_NOT_FOUND');
    return state;
  };

  const listLocations = (auth: AuthContext, query: LocationListQuery) =>
    repo.listLocations(db, {
      scope: locationScope(auth),
      search: query.search || undefined,
      hasReseller: query.hasReseller,
      sort: parseSort<'name' | 'city' | 'chargerCount'>(query.sort),
      page: query.page,
      pageSize: query.pageSize,
    });

  /** Every location in reach with its chargers by status and the pin's one word; one row more tells a capped map. */
  const getNetworkMap = async (auth: AuthContext): Promise<NetworkMap> => {
    const rows = await listNetworkMapRows(db, locationScope(auth), NETWORK_MAP_MAX_LOCATIONS + 1);
    const items = rows.slice(0, NETWORK_MAP_MAX_LOCATIONS).map(({ locationId, name, city, lat, lng, timeZone, total, ...counts }) => ({
      locationId,
      name,
      city,
      lat,
      lng,
      timeZone,
      chargers: { total, ...counts },
      status: pinStatusOf(counts),
    }));
    return { items, truncated: rows.length > NETWORK_MAP_MAX_LOCATIONS };
  };

  return { getLocationState, listLocations, getNetworkMap };
};

export type LocationsService = ReturnType<typeof createLocationsService>;

/** For other modules' transactions (a charger created at or moved to a location): the location must exist. */
export const requireLocationExists = async (executor: Executor, locationId: string): Promise<void> => {
  if (!(await findLocationRow(executor, locationId))) throw new AppError('LOCATION_NOT_FOUND');
};
