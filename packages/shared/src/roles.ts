export const USER_TYPES = [
  'None',
  'Driver',
  'Admin',
  'SuperAdmin',
  'MobileAdmin',
  'Scheduler',
  'PortfolioManager',
  'ReadonlyAdmin',
  'ReadonlySuperAdmin',
  'Reseller',
  'ManufacturingAdmin',
  'ThirdPartyManufacturer',
] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Spec section 6: every type except None, Driver and Scheduler counts as an admin. */
const NON_ADMIN_TYPES: readonly UserType[] = ['None', 'Driver', 'Scheduler'];
export const isAdminType = (type: UserType): boolean => !NON_ADMIN_TYPES.includes(type);
export const ADMIN_TYPES: readonly UserType[] = USER_TYPES.filter(isAdminType);

/** Types that reach every location regardless of their location list. */
const ALL_LOCATION_TYPES: readonly UserType[] = ['SuperAdmin', 'ReadonlySuperAdmin'];
export const reachesAllLocations = (type: UserType): boolean => ALL_LOCATION_TYPES.includes(type);

export const USER_TYPE_LABELS: Record<UserType, string> = {
  None: 'No access',
  Driver: 'Driver',
  Admin: 'Administrator',
  SuperAdmin: 'Super administrator',
  MobileAdmin: 'Maintenance administrator',
  Scheduler: 'Scheduler',
  PortfolioManager: 'Portfolio manager',
  ReadonlyAdmin: 'Read-only administrator',
  ReadonlySuperAdmin: 'Read-only super administrator',
  Reseller: 'Reseller',
  ManufacturingAdmin: 'Manufacturing administrator',
  ThirdPartyManufacturer: 'Third-party manufacturer',
};

/** Workforce single sign-on: directory group → user type (spec section 6). */
export const WORKFORCE_GROUP_TYPES: Readonly<Record<string, UserType>> = {
  'Super Admin Access': 'SuperAdmin',
  'Read Only Super Admin Access': 'ReadonlySuperAdmin',
};

export const userTypeForWorkforceGroups = (groups: readonly string[]): UserType => {
  if (groups.includes('Super Admin Access')) return 'SuperAdmin';
  if (groups.includes('Read Only Super Admin Access')) return 'ReadonlySuperAdmin';
  return 'None';
};
