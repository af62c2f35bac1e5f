import { permissionsOf } from './role-permissions.ts';
import { ADMIN_TYPES, isAdminType, reachesAllLocations, type UserType } from './roles.ts';

/**
 * What a manager of administrators may hand out ("reach"):
 * - a type only if every permission of that type is also the manager's own, and only an administrator type;
 * - a type that reaches every location only if the manager reaches every location too;
 * - locations only from the manager's own list, unless the manager reaches every location.
 * Nobody changes their own account through administrator management.
 */
export const canGrantType = (granter: UserType, target: UserType): boolean => {
  if (!isAdminType(target)) return false;
  if (reachesAllLocations(target) && !reachesAllLocations(granter)) return false;
  const own = permissionsOf(granter);
  return [...permissionsOf(target)].every((permission) => own.has(permission));
};

/** The administrator types a user of this type may invite or assign, in catalogue order. */
export const grantableTypes = (granter: UserType): UserType[] => ADMIN_TYPES.filter((type) => canGrantType(granter, type));
