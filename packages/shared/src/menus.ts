import type { Permission } from './permissions.ts';

export type MenuItem = {
  key: string;
  label: string;
  path: string;
  permission: Permission;
  /** 'main' entries sit in the side navigation; 'profile' entries under the location profile. */
  group: 'main' | 'profile';
};

/** The spec's menu keys (section 2) and ours, each with the permission that shows it. */
export const MENU_ITEMS: readonly MenuItem[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', permission: 'Dashboard', group: 'main' },
  { key: 'control-center', label: 'Control Center', path: '/dashboard/control-center', permission: 'Control_Center_View', group: 'main' },
  // Not one of the spec's menu keys: the review's new users looked for sessions in the menu and found none.
  {
    key: 'charging-sessions',
    label: 'Charging Sessions',
    path: '/dashboard/sessions',
    permission: 'Charging_Sessions_View',
    group: 'main',
  },
  { key: 'drivers', label: 'Drivers', path: '/dashboard/drivers', permission: 'Drivers_View', group: 'main' },
  { key: 'charger-schedule', label: 'Charger Schedule', path: '/dashboard/charger-schedule', permission: 'Schedule_View', group: 'main' },
  { key: 'maintenance', label: 'Maintenance', path: '/dashboard/maintenance', permission: 'Maintenance_View', group: 'main' },
  { key: 'firmware', label: 'Firmware', path: '/dashboard/firmware', permission: 'Firmware_View', group: 'main' },
  { key: 'subscription', label: 'Subscription', path: '/dashboard/subscription', permission: 'Subscription_View', group: 'main' },
  { key: 'license', label: 'License', path: '/dashboard/license', permission: 'License_View', group: 'main' },
  { key: 'logs', label: 'Logs', path: '/dashboard/logs', permission: 'Logs_View', group: 'main' },
  { key: 'system-logs', label: 'System Logs', path: '/dashboard/system-logs', permission: 'System_Logs_View', group: 'main' },
  { key: 'activity-log', label: 'Activity Log', path: '/dashboard/activity-log', permission: 'Activity_Logs_View', group: 'main' },
  { key: 'manage-admins', label: 'Manage Admins', path: '/dashboard/manage-admins', permission: 'Admins_View', group: 'main' },
  // Issue 42: OCPI partners (eMSPs) that reach our chargers, and what we owe them.
  { key: 'roaming', label: 'Roaming', path: '/dashboard/roaming', permission: 'Roaming_View', group: 'main' },
  { key: 'location-name', label: 'Location', path: '/dashboard/profile/location-name', permission: 'Locations_View', group: 'profile' },
  { key: 'assets', label: 'Assets', path: '/dashboard/profile/assets', permission: 'Chargers_View', group: 'profile' },
  {
    key: 'account-setting',
    label: 'Account Setting',
    path: '/dashboard/profile/account-setting',
    permission: 'Account_Settings_View',
    group: 'profile',
  },
  { key: 'payment-info', label: 'Payment Info', path: '/dashboard/profile/payment-info', permission: 'Payment_Info_View', group: 'profile' },
  {
    key: 'payouts-account-details',
    label: 'Payouts Account',
    path: '/dashboard/profile/payouts-account-details',
    permission: 'Payouts_Account_View',
    group: 'profile',
  },
  { key: 'payouts-history', label: 'Payouts History', path: '/dashboard/profile/payouts-history', permission: 'Payouts_View', group: 'profile' },
  { key: 'rates', label: 'Rates', path: '/dashboard/profile/rates', permission: 'Rates_View', group: 'profile' },
  { key: 'idle-fees', label: 'Idle Fees', path: '/dashboard/profile/idle-fees', permission: 'Idle_Fees_View', group: 'profile' },
  { key: 'other-fees', label: 'Other Fees', path: '/dashboard/profile/other-fees', permission: 'Fees_View', group: 'profile' },
  { key: 'violations', label: 'Violations', path: '/dashboard/profile/violations', permission: 'Violations_View', group: 'profile' },
  { key: 'utility-info', label: 'Utility Info', path: '/dashboard/profile/utility-info', permission: 'Utility_View', group: 'profile' },
  { key: 'dpo', label: 'Dynamic Power', path: '/dashboard/profile/dpo', permission: 'DPO_View', group: 'profile' },
  { key: 'agreements', label: 'Agreements', path: '/dashboard/profile/agreements', permission: 'Agreements_View', group: 'profile' },
];

export const menuItem = (key: string): MenuItem | undefined => MENU_ITEMS.find((item) => item.key === key);

/** The profile menu the spec's /dashboard/profile/payout redirect lands on. */
export const PAYOUT_REDIRECT_PATH = '/dashboard/profile/payouts-history';
