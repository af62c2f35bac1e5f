import { AppError, canGrantType, isAdminType, reachesAllLocations, type AdminListItem, type UserType } from '@wattdesk/shared';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess, canReachLocation } from '../../lib/location-access.ts';
import type { AdminRow } from './admins.repository.ts';

/** Managers who reach every location see every administrator; others those sharing a location with them. */
export const isVisibleTo = (auth: AuthContext, target: AdminRow): boolean =>
  auth.locationIds === 'all' || target.locations.some((location) => canReachLocation(auth, location.id));

/** Within reach: not oneself, a type the manager could grant, and no location beyond the manager's list. */
export const canManage = (auth: AuthContext, target: AdminRow): boolean =>
  target.id !== auth.userId &&
  canGrantType(auth.userType, target.userType) &&
  target.locations.every((location) => canReachLocation(auth, location.id));

/** Refuses a type or locations beyond the granter's reach (docs/permissions.md, "Who may grant which type"). */
export const assertCanGrant = (auth: AuthContext, userType: UserType, locationIds: readonly string[]): void => {
  if (!canGrantType(auth.userType, userType)) throw new AppError('ADMIN_TYPE_NOT_GRANTABLE');
  assertLocationAccess(auth, locationIds);
  if (!reachesAllLocations(userType) && locationIds.length === 0) throw new AppError('ADMIN_LOCATIONS_REQUIRED');
};

/**
 * The administrator a manager acts on. Unknown and invisible accounts answer the same 404, so ids cannot
 * be probed; visible ones beyond reach answer 403 with the reason.
 */
export const assertManageable = (auth: AuthContext, target: AdminRow | undefined): AdminRow => {
  // Drivers and schedulers are not administrators: administrator management does not know them.
  if (!target || !isAdminType(target.userType) || !isVisibleTo(auth, target)) throw new AppError('ADMIN_NOT_FOUND');
  if (target.id === auth.userId) throw new AppError('ADMIN_SELF_CHANGE');
  if (!canManage(auth, target)) throw new AppError('ADMIN_OUT_OF_REACH');
  return target;
};

/** The list entry: only locations the caller reaches are named; the rest are counted. */
export const toListItem = (auth: AuthContext, row: AdminRow): AdminListItem => {
  const shown = row.locations.filter((location) => canReachLocation(auth, location.id));
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    userType: row.userType,
    status: row.status,
    locations: shown,
    hiddenLocationCount: row.locations.length - shown.length,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    canManage: canManage(auth, row),
  };
};
