import { ALL_PERMISSIONS, VIEW_PERMISSIONS, type Permission } from './permissions.ts';
import type { UserType } from './roles.ts';

const except = (list: readonly Permission[], excluded: readonly Permission[]) => list.filter((p) => !excluded.includes(p));

/** The driver app's own permissions: no dashboard role needs them. */
const DRIVER_ONLY: readonly Permission[] = ['User_Locations', 'Mobile_Access'];

/** Every administrator manages their own account (menu account-setting), read-only types included. */
const OWN_ACCOUNT: readonly Permission[] = ['Account_Settings_View', 'Account_Settings_Update'];

/**
 * The company behind a location (name, address, tax id, contact), shown and edited under Account Setting. Given
 * to the types that edit their account and run a location's business; read-only types get the view only
 * (their account permissions are 'self', the company is shared), manufacturers and resellers none.
 */
const COMPANY: readonly Permission[] = ['Company_View', 'Company_Update'];

/** Views an operator of a location needs for the shell, the switcher and the profile menus. */
const LOCATION_BASICS: readonly Permission[] = ['Locations_View', 'Control_Center_View', 'Profile_View', 'Chargers_View', 'Notifications_View'];

const MANUFACTURING: readonly Permission[] = [
  'Locations_View',
  'Control_Center_View',
  'Chargers_View',
  'Charger_Batch',
  'Charger_Photo',
  'Quick_Report',
  'Testing_Data',
  'Testing_Data_Import',
  // Firmware_View shows the firmware menu, where manufacturers download images (issue 17).
  'Firmware_View',
  'Firmware_Download',
];

/**
 * Each user type's fixed set (spec section 6). MobileAdmin and Scheduler are our design:
 * see docs/permissions.md for the reasoning.
 */
export const ROLE_PERMISSIONS: Record<UserType, readonly Permission[]> = {
  None: [],
  Driver: DRIVER_ONLY,
  // Nearly all: not a driver's own location list. Mobile_Access stays, so a SuperAdmin can grant MobileAdmin.
  SuperAdmin: except(ALL_PERMISSIONS, ['User_Locations']),
  ReadonlySuperAdmin: [...except(VIEW_PERMISSIONS, DRIVER_ONLY), ...OWN_ACCOUNT],
  PortfolioManager: [
    ...LOCATION_BASICS,
    ...OWN_ACCOUNT,
    ...COMPANY,
    'Locations_Multi',
    'Locations_Update',
    'Locations_Export',
    'Dashboard',
    'Reports_Export',
    'Quick_Report',
    'Rates_View',
    'Rates_Update',
    'Fees_View',
    'Fees_Update',
    'Idle_Fees_View',
    'Idle_Fees_Update',
    'Violations_View',
    'Admins_View',
    'Admins_Invite',
    'Admins_Update',
    'Admins_Deactivate',
    'Payouts_View',
    'Payouts_Account_View',
    'Payouts_Transfer',
    'Bank_Connect',
    'Bank_Account_Update',
    'Payment_Info_View',
    'Payment_Info_Update',
    'Charging_Sessions_View',
    'Charging_Sessions_Export',
    'Activity_Logs_View',
    'Activity_Logs_Export',
    'Agreements_View',
    'Subscription_View',
    'License_View',
  ],
  Admin: [
    ...LOCATION_BASICS,
    'Dashboard',
    'Reports_Export',
    'Quick_Report',
    'Locations_Update',
    'Locations_Access_Code_Update',
    'Locations_Export',
    'Chargers_Create',
    'Chargers_Update',
    'Chargers_Move',
    'Chargers_Delete',
    'Charger_Photo',
    'Chargers_Remote_Actions',
    'Chargers_Availability',
    'Chargers_Diagnostics',
    'Charging_Sessions_View',
    'Charging_Sessions_Export',
    'Schedule_View',
    'Schedule_Create',
    'Schedule_Update',
    'Schedule_Delete',
    'Rates_View',
    'Fees_View',
    'Idle_Fees_View',
    'Violations_View',
    'Violations_Update',
    'Maintenance_View',
    'Maintenance_Update',
    'Inspections_View',
    'Inspections_Update',
    'Inspection_Templates_Update',
    'Drivers_View',
    'Drivers_Create',
    'Drivers_Update',
    'Drivers_Delete',
    'Driver_Status',
    'Drivers_Export',
    'Logs_View',
    'Logs_Export',
    'Activity_Logs_View',
    'Activity_Logs_Export',
    // Admin runs operations but does not see money (issue 16): no payouts, balances or payout account.
    'Payment_Info_View',
    'Payment_Info_Update',
    'Firmware_View',
    'Utility_View',
    'Utility_Config_Update',
    'Utility_Bills_Upload',
    'DPO_View',
    'DPO_Update',
    'Power_Grid_View',
    'Mesh_Config_View',
    'Subscription_View',
    'Subscription_Update',
    'License_View',
    'License_Update',
    'Agreements_View',
    ...OWN_ACCOUNT,
    ...COMPANY,
    'Documents_Upload',
  ],
  ReadonlyAdmin: [
    ...LOCATION_BASICS,
    'Dashboard',
    'Reports_Export',
    'Charging_Sessions_View',
    'Schedule_View',
    'Rates_View',
    'Fees_View',
    'Idle_Fees_View',
    'Violations_View',
    'Maintenance_View',
    'Inspections_View',
    'Drivers_View',
    'Driver_Status',
    'Logs_View',
    'Activity_Logs_View',
    'Payment_Info_View',
    'Firmware_View',
    'Utility_View',
    'DPO_View',
    'Subscription_View',
    'License_View',
    'Agreements_View',
    ...OWN_ACCOUNT,
    'Company_View',
  ],
  Reseller: [
    'Locations_View',
    'Profile_View',
    'Dashboard',
    'Reseller_Revenue_View',
    'Payouts_View',
    'Payouts_Account_View',
    // Connects a Stripe account where a location has none (spec section 6). Replacing or disconnecting a host's Stripe
    // account, and its bank account, takes Bank_Account_Update, which a Reseller does not hold (issue 43).
    'Bank_Connect',
    ...OWN_ACCOUNT,
  ],
  ManufacturingAdmin: [...MANUFACTURING, ...OWN_ACCOUNT],
  ThirdPartyManufacturer: [...MANUFACTURING, ...OWN_ACCOUNT],
  MobileAdmin: [
    ...LOCATION_BASICS,
    'Maintenance_View',
    'Maintenance_Update',
    'Inspections_View',
    'Inspections_Update',
    'Chargers_Update',
    'Charger_Photo',
    'Chargers_Remote_Actions',
    'Chargers_Availability',
    'Chargers_Diagnostics',
    'Charging_Sessions_View',
    'Firmware_View',
    'Firmware_Update',
    'Logs_View',
    'Mobile_Access',
    ...OWN_ACCOUNT,
  ],
  Scheduler: ['Locations_View', 'Chargers_View', 'Schedule_View', 'Schedule_Create', 'Schedule_Update', 'Schedule_Delete'],
};

const ROLE_SETS = new Map<UserType, ReadonlySet<Permission>>(
  (Object.keys(ROLE_PERMISSIONS) as UserType[]).map((type) => [type, new Set(ROLE_PERMISSIONS[type])]),
);
const NO_PERMISSIONS: ReadonlySet<Permission> = new Set();

export const permissionsOf = (type: UserType): ReadonlySet<Permission> => ROLE_SETS.get(type) ?? NO_PERMISSIONS;

export const can = (type: UserType, permission: Permission): boolean => permissionsOf(type).has(permission);

/** Spec section 2: users with Dashboard land on the dashboard, others on the control center. */
export const landingPathFor = (type: UserType): string => (can(type, 'Dashboard') ? '/dashboard' : '/dashboard/control-center');
