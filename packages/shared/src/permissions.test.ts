import { describe, expect, it } from 'vitest';
import { canGrantType, grantableTypes } from './admin-reach.ts';
import { MENU_ITEMS } from './menus.ts';
import { ALL_PERMISSIONS, PERMISSION_AREAS, PERMISSIONS, type Permission } from './permissions.ts';
import { can, permissionsOf, ROLE_PERMISSIONS } from './role-permissions.ts';
import { ADMIN_TYPES, USER_TYPES } from './roles.ts';

const holders = (permission: Permission) => USER_TYPES.filter((type) => can(type, permission));

describe('permission catalogue (spec section 6)', () => {
  it('holds about 90 permissions, each with a one-line description', () => {
    expect(ALL_PERMISSIONS.length).toBeGreaterThanOrEqual(85);
    expect(ALL_PERMISSIONS.length).toBeLessThanOrEqual(100);
    for (const permission of ALL_PERMISSIONS) {
      expect(PERMISSIONS[permission].description.length, permission).toBeGreaterThan(10);
      expect(PERMISSIONS[permission].description, permission).not.toContain('\n');
    }
  });

  it("covers the spec's areas and keeps the names the spec uses", () => {
    const areas = new Set(ALL_PERMISSIONS.map((permission) => PERMISSIONS[permission].area));
    for (const area of [
      'chargers',
      'locations',
      'schedule',
      'rates',
      'fees',
      'violations',
      'maintenance',
      'drivers',
      'administrators',
      'logs',
      'dashboard',
      'payouts',
      'firmware',
      'utility',
      'dpo',
      'power grid',
      'mesh',
      'idle fees',
      'activity logs',
    ] as const) {
      expect(areas.has(area), area).toBe(true);
    }
    expect([...areas].every((area) => PERMISSION_AREAS.includes(area))).toBe(true);
    const named: Permission[] = [
      'Dashboard',
      'Locations_Multi',
      'Reseller_Revenue_View',
      'Bank_Connect',
      'Charger_Batch',
      'Charger_Photo',
      'Quick_Report',
      'Testing_Data',
      'Firmware_Download',
      'User_Locations',
      'Mobile_Access',
      'Driver_Status',
      'Rates_Update',
    ];
    expect(named.filter((permission) => !ALL_PERMISSIONS.includes(permission))).toEqual([]);
  });

  it('every menu is shown by a permission of the catalogue', () => {
    expect(MENU_ITEMS.filter((item) => !ALL_PERMISSIONS.includes(item.permission))).toEqual([]);
  });
});

describe('permission sets per type (spec section 6 table)', () => {
  it('the company is edited by the types that run a location, seen by read-only ones', () => {
    expect(holders('Company_Update').sort()).toEqual(['Admin', 'PortfolioManager', 'SuperAdmin']);
    expect(holders('Company_View').sort()).toEqual(['Admin', 'PortfolioManager', 'ReadonlyAdmin', 'ReadonlySuperAdmin', 'SuperAdmin']);
  });

  it('SuperAdmin holds nearly all; ReadonlySuperAdmin only views', () => {
    expect(ALL_PERMISSIONS.filter((permission) => !can('SuperAdmin', permission))).toEqual(['User_Locations']);
    expect([...permissionsOf('ReadonlySuperAdmin')].every((permission) => PERMISSIONS[permission].kind !== 'change')).toBe(true);
    expect(can('ReadonlySuperAdmin', 'Activity_Logs_View')).toBe(true);
  });

  it('PortfolioManager: multi-location, rates update, admin management, payouts, dashboard', () => {
    for (const permission of [
      'Locations_Multi',
      'Rates_Update',
      'Admins_Invite',
      'Admins_Update',
      'Admins_Deactivate',
      'Payouts_View',
      'Payouts_Transfer',
      'Dashboard',
    ] as const) {
      expect(can('PortfolioManager', permission), permission).toBe(true);
    }
  });

  it('PortfolioManager sets rates and fees; only the network (SuperAdmin) sets the default session fee', () => {
    for (const permission of ['Rates_Update', 'Fees_Update', 'Idle_Fees_Update', 'Violations_View'] as const)
      expect(can('PortfolioManager', permission), permission).toBe(true);
    expect(holders('Fees_Default_Update')).toEqual(['SuperAdmin']);
  });

  it('Admin runs operations without rates update or fees', () => {
    expect(can('Admin', 'Rates_Update')).toBe(false);
    expect(can('Admin', 'Fees_Update')).toBe(false);
    expect(can('Admin', 'Idle_Fees_Update')).toBe(false);
    expect(can('Admin', 'Chargers_Create')).toBe(true);
    expect(can('Admin', 'Schedule_Create')).toBe(true);
  });

  it('ReadonlyAdmin: views plus driver status, logs and dashboard', () => {
    const changes = [...permissionsOf('ReadonlyAdmin')].filter((permission) => PERMISSIONS[permission].kind === 'change');
    expect(changes).toEqual(['Driver_Status']);
    expect(can('ReadonlyAdmin', 'Logs_View')).toBe(true);
    expect(can('ReadonlyAdmin', 'Dashboard')).toBe(true);
  });

  it('Reseller, manufacturers and Driver hold what the spec lists', () => {
    for (const permission of ['Dashboard', 'Reseller_Revenue_View', 'Payouts_View', 'Bank_Connect'] as const)
      expect(can('Reseller', permission)).toBe(true);
    expect(holders('Reseller_Revenue_View')).toEqual(['SuperAdmin', 'ReadonlySuperAdmin', 'Reseller']);
    for (const type of ['ManufacturingAdmin', 'ThirdPartyManufacturer'] as const) {
      for (const permission of ['Charger_Batch', 'Charger_Photo', 'Quick_Report', 'Testing_Data', 'Firmware_View', 'Firmware_Download'] as const) {
        expect(can(type, permission), `${type} ${permission}`).toBe(true);
      }
    }
    expect(ROLE_PERMISSIONS.Driver).toEqual(['User_Locations', 'Mobile_Access']);
    expect(permissionsOf('None').size).toBe(0);
  });

  it('MobileAdmin maintains chargers; Scheduler schedules them', () => {
    expect(can('MobileAdmin', 'Maintenance_Update')).toBe(true);
    expect(can('MobileAdmin', 'Rates_View')).toBe(false);
    expect(can('MobileAdmin', 'Admins_View')).toBe(false);
    expect([...permissionsOf('Scheduler')].filter((permission) => PERMISSIONS[permission].kind === 'change')).toEqual([
      'Schedule_Create',
      'Schedule_Update',
      'Schedule_Delete',
    ]);
  });
});

describe('reach: which types a manager may grant', () => {
  it('SuperAdmin grants every administrator type and nothing else', () => {
    expect(grantableTypes('SuperAdmin')).toEqual(ADMIN_TYPES);
    expect(canGrantType('SuperAdmin', 'Driver')).toBe(false);
    expect(canGrantType('SuperAdmin', 'Scheduler')).toBe(false);
    expect(canGrantType('SuperAdmin', 'None')).toBe(false);
  });

  it('a type is grantable only when all its permissions are the manager’s own', () => {
    expect(grantableTypes('PortfolioManager')).toEqual(['PortfolioManager']);
    expect(canGrantType('PortfolioManager', 'Admin')).toBe(false);
    expect(canGrantType('Admin', 'SuperAdmin')).toBe(false);
  });
});
