import type { AdminListItem } from '@wattdesk/shared/schemas/admins';
import { describe, expect, it } from 'vitest';
import { actionsFor } from './admin-columns.tsx';

const admin = (overrides: Partial<AdminListItem>): AdminListItem => ({
  id: 'a1',
  email: 'someone@example.com',
  firstName: 'Some',
  lastName: 'One',
  userType: 'Admin',
  status: 'ACTIVE',
  locations: [],
  hiddenLocationCount: 0,
  createdAt: '2026-11-22T00:00:00.000Z',
  lastSignInAt: null,
  canManage: true,
  ...overrides,
});
const everything = { edit: true, deactivate: true, reactivate: true, resend: true, endSessions: true };

describe('row actions offered on Manage Admins', () => {
  it('follow the status', () => {
    expect(actionsFor(admin({ status: 'ACTIVE' }), everything)).toEqual(['edit', 'endSessions', 'deactivate']);
    expect(actionsFor(admin({ status: 'PENDING' }), everything)).toEqual(['edit', 'resend', 'deactivate']);
    expect(actionsFor(admin({ status: 'INACTIVE' }), everything)).toEqual(['edit', 'reactivate']);
  });

  it('are not offered beyond the user’s reach or permissions', () => {
    expect(actionsFor(admin({ canManage: false }), everything)).toEqual([]);
    expect(actionsFor(admin({ status: 'PENDING' }), { edit: false, deactivate: false, reactivate: false, resend: true, endSessions: true })).toEqual([
      'resend',
    ]);
    expect(actionsFor(admin({}), { edit: false, deactivate: false, reactivate: false, resend: false, endSessions: false })).toEqual([]);
  });
});
