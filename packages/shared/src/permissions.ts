/**
 * The permission catalogue. One list for the API guard, the web navigation and docs/permissions.md.
 * `kind: 'view'` permissions only read; read-only roles are built from them. `kind: 'self'` permissions change
 * only the holder's own account (password, second factor, sign-ins): read-only roles hold them too.
 */
type PermissionDefinition = { area: PermissionArea; kind: 'view' | 'change' | 'self'; description: string };

export const PERMISSION_AREAS = [
  'dashboard',
  'locations',
  'chargers',
  'schedule',
  'rates',
  'fees',
  'idle fees',
  'violations',
  'maintenance',
  'drivers',
  'administrators',
  'logs',
  'activity logs',
  'payouts',
  'firmware',
  'utility',
  'dpo',
  'power grid',
  'mesh',
  'subscription',
  'agreements',
  'account',
  'mobile',
  'roaming',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];

const view = (area: PermissionArea, description: string): PermissionDefinition => ({ area, kind: 'view', description });
const change = (area: PermissionArea, description: string): PermissionDefinition => ({
  area,
  kind: 'change',
  description,
});
const self = (area: PermissionArea, description: string): PermissionDefinition => ({ area, kind: 'self', description });

export const PERMISSIONS = {
  Dashboard: view('dashboard', 'See the dashboard overview; decides the landing page after sign-in'),
  Control_Center_View: view('dashboard', 'See the control center with the live state of chargers'),
  Reseller_Revenue_View: view('dashboard', 'See revenue shared with the reseller of a location'),
  Quick_Report: view('dashboard', 'Download the quick report of a location'),
  Reports_Export: view('dashboard', 'Download dashboard reports as files'),

  Locations_View: view('locations', 'See locations in reach and their profile'),
  Locations_Multi: view('locations', 'Work across several locations; no location is preselected'),
  Locations_Create: change('locations', 'Create a location'),
  Locations_Update: change('locations', 'Edit a location profile: name, address, coordinates'),
  Locations_Delete: change('locations', 'Delete a location that has no active chargers'),
  Locations_Reseller_Update: change('locations', 'Set or clear the reseller flag on locations'),
  Locations_Access_Code_Update: change('locations', 'Regenerate the access code of a location'),
  Locations_Export: view('locations', 'Export the location list'),

  Chargers_View: view('chargers', 'See chargers, their kind, model and status'),
  Chargers_Create: change('chargers', 'Register a charger at a location'),
  Chargers_Update: change('chargers', 'Rename a charger or edit its details'),
  Chargers_Move: change('chargers', 'Move a charger to another location'),
  Chargers_Delete: change('chargers', 'Remove a charger from a location'),
  Charger_Batch: change('chargers', 'Register chargers in bulk from a CSV file'),
  Charger_Photo: change('chargers', 'Upload installation photos of a charger'),
  Chargers_Remote_Actions: change('chargers', 'Reset, unlock, and start or stop sessions remotely'),
  Chargers_Availability: change('chargers', 'Change a charger between operative and inoperative'),
  Chargers_Diagnostics: change('chargers', 'Request diagnostics from a charger'),
  Charging_Sessions_View: view('chargers', 'See charging sessions and their meter values'),
  Charging_Sessions_Export: view('chargers', 'Export charging sessions as CSV'),
  Testing_Data: view('chargers', 'See factory test data of chargers'),
  Testing_Data_Import: change('chargers', 'Import end-of-line test results of chargers from a CSV file'),

  Schedule_View: view('schedule', 'See charger schedules and bookings'),
  Schedule_Create: change('schedule', 'Schedule chargers for a time window'),
  Schedule_Update: change('schedule', 'Change an existing charger schedule'),
  Schedule_Delete: change('schedule', 'Cancel a charger schedule'),

  Rates_View: view('rates', 'See charging rates'),
  Rates_Update: change('rates', 'Change charging rates'),

  Fees_View: view('fees', 'See session and other fees'),
  Fees_Update: change('fees', 'Change session and other fees'),
  Fees_Default_Update: change('fees', 'Change the network default session fee of a currency'),

  Idle_Fees_View: view('idle fees', 'See idle fee options'),
  Idle_Fees_Update: change('idle fees', 'Change idle fee options'),

  Violations_View: view('violations', 'See parking and charging violations'),
  Violations_Update: change('violations', 'Change violation rules and penalties'),

  Maintenance_View: view('maintenance', 'See chargers in maintenance and maintenance history'),
  Maintenance_Update: change('maintenance', 'Put chargers in maintenance and take them out'),
  Inspections_View: view('maintenance', 'See inspection templates and completed inspections'),
  Inspections_Update: change('maintenance', 'Fill in inspections of chargers and locations'),
  Inspection_Templates_Update: change('maintenance', 'Create, change, archive and restore inspection templates'),

  Drivers_View: view('drivers', 'See drivers of a location'),
  Drivers_Create: change('drivers', 'Add drivers to a location'),
  Drivers_Update: change('drivers', 'Edit driver details'),
  Drivers_Delete: change('drivers', 'Remove drivers from a location'),
  Driver_Status: change('drivers', 'Change a driver status and restrictions'),
  Drivers_Export: view('drivers', 'Export the driver list'),

  Admins_View: view('administrators', 'See administrators and their locations'),
  Admins_Invite: change('administrators', 'Invite an administrator by e-mail'),
  Admins_Update: change('administrators', 'Change an administrator type or locations'),
  Admins_Deactivate: change('administrators', 'Deactivate and reactivate administrators'),
  Admins_Sessions_End: change('administrators', "End another administrator's sign-ins on every device"),

  Logs_View: view('logs', 'See charger logs'),
  System_Logs_View: view('logs', 'See server-side events: failed jobs, provider errors'),

  Activity_Logs_View: view('activity logs', 'See who changed what, and when'),
  Activity_Logs_Export: view('activity logs', 'Export the activity log as CSV'),

  Payouts_View: view('payouts', 'See payout history and balances'),
  Payouts_Transfer: change('payouts', 'Start a transfer to a connected account'),
  Payouts_Account_View: view('payouts', 'See the payout account details'),
  Bank_Connect: change('payouts', 'Connect the payment-provider account of a location that has none'),
  Bank_Account_Update: change('payouts', "Change where a location's payouts land: its bank account, replacing or disconnecting its Stripe account"),
  Payment_Info_View: view('payouts', 'See payment information of a location'),
  Payment_Info_Update: change('payouts', 'Change payment information of a location'),
  Deals_Create: change('payouts', 'Add a revenue deal to a location'),

  Firmware_View: view('firmware', 'See firmware versions of chargers'),
  Firmware_Update: change('firmware', 'Push a firmware update to chargers'),
  Firmware_Upload: change('firmware', 'Upload a firmware image'),
  Firmware_Download: view('firmware', 'Download firmware images'),

  Utility_View: view('utility', 'See utility meters, bills and energy data'),
  Utility_Config_Update: change('utility', 'Add or remove a utility configuration'),
  Utility_Bills_Upload: change('utility', 'Upload utility bills'),

  DPO_View: view('dpo', 'See dynamic power optimisation settings'),
  DPO_Update: change('dpo', 'Change dynamic power optimisation settings'),

  Power_Grid_View: view('power grid', 'See the power grid configuration of a location'),
  Power_Grid_Update: change('power grid', 'Change the power grid configuration of a location'),

  Mesh_Config_View: view('mesh', 'See the charger mesh network configuration'),
  Mesh_Config_Update: change('mesh', 'Change the charger mesh network configuration'),

  Subscription_View: view('subscription', 'See the subscription of a location'),
  Subscription_Update: change('subscription', 'Activate or change the subscription of a location'),
  License_View: view('subscription', 'See software licenses'),
  License_Update: change('subscription', 'Assign or revoke software licenses'),

  Agreements_View: view('agreements', 'See agreements of a location and download signed copies'),
  Agreements_Send: change('agreements', 'Create, send and resend agreements for signature'),

  Profile_View: view('account', 'See the location profile menus'),
  Account_Settings_View: self('account', 'See your own account: profile, second factor, sign-ins'),
  Account_Settings_Update: self('account', 'Change your own profile, password, second factor and sign-ins'),
  Company_View: view('account', 'See the company behind a location: name, address, tax id, contact'),
  Company_Update: change('account', 'Change the company behind a location'),
  Notifications_View: view('account', 'See notifications'),
  Documents_Upload: change('account', 'Upload documents for a location'),

  User_Locations: view('mobile', 'See the locations a driver may charge at'),
  Mobile_Access: view('mobile', 'Use the mobile application'),

  Roaming_View: view('roaming', 'See roaming partners (OCPI), what is exchanged with them and what failed'),
  Roaming_Update: change('roaming', 'Register, suspend and remove roaming partners; publish locations to them'),

  Logs_Export: view('logs', 'Export charger logs as CSV'),
  System_Logs_Export: view('logs', 'Export server-side events as CSV'),
} as const satisfies Record<string, PermissionDefinition>;

export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];
export const VIEW_PERMISSIONS = ALL_PERMISSIONS.filter((p) => PERMISSIONS[p].kind === 'view');
export const isPermission = (value: string): value is Permission => Object.hasOwn(PERMISSIONS, value);
