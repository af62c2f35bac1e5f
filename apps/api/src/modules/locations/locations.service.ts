import { AppError, parseSort, type LocationListQuery, type LocationState } from '@wattdesk/shared';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { locationScope } from '../../lib/location-access.ts';
import type { Database, Executor } from '../../db/client.ts';
import { findLocationRow } from './location-mutations.repository.ts';
import * as repo from './locations.repository.ts';

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

  return { getLocationState, listLocations };
};

export type LocationsService = ReturnType<typeof createLocationsService>;

/** For other modules' transactions (a charger created at or moved to a location): the location must exist. */
export const requireLocationExists = async (executor: Executor, locationId: string): Promise<void> => {
  if (!(await findLocationRow(executor, locationId))) throw new AppError('LOCATION_NOT_FOUND');
};
