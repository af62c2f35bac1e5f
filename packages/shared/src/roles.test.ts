import { describe, expect, it } from 'vitest';
import { can, landingPathFor } from './role-permissions.ts';
import { isAdminType, USER_TYPES, userTypeForWorkforceGroups } from './roles.ts';

describe('user types (section 6)', () => {
  it('every type except None, Driver and Scheduler is an admin', () => {
    expect(USER_TYPES.filter((type) => !isAdminType(type))).toEqual(['None', 'Driver', 'Scheduler']);
  });
  it('workforce groups map to types', () => {
    expect(userTypeForWorkforceGroups(['Super Admin Access'])).toBe('SuperAdmin');
    expect(userTypeForWorkforceGroups(['Read Only Super Admin Access'])).toBe('ReadonlySuperAdmin');
    expect(userTypeForWorkforceGroups(['Everyone'])).toBe('None');
    expect(userTypeForWorkforceGroups([])).toBe('None');
  });
  it('landing page follows the Dashboard permission', () => {
    expect(landingPathFor('Admin')).toBe('/dashboard');
    expect(landingPathFor('MobileAdmin')).toBe('/dashboard/control-center');
    expect(can('MobileAdmin', 'Dashboard')).toBe(false);
  });
});
