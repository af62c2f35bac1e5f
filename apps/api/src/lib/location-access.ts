import { AppError } from '@wattdesk/shared';
import type { AuthContext } from './fastify-types.ts';

export const canReachLocation = (auth: AuthContext, locationId: string): boolean => auth.locationIds === 'all' || auth.locationIds.has(locationId);

/** Refuses ids outside the user's list the same way whether or not they exist: no probing for ids. */
export const assertLocationAccess = (auth: AuthContext, locationIds: string | readonly string[]): void => {
  const ids = typeof locationIds === 'string' ? [locationIds] : locationIds;
  if (!ids.every((id) => canReachLocation(auth, id))) throw new AppError('LOCATION_FORBIDDEN');
};

/** For list queries: undefined means no restriction. */
export const locationScope = (auth: AuthContext): readonly string[] | undefined => (auth.locationIds === 'all' ? undefined : [...auth.locationIds]);
