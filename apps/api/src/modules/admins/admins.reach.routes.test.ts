import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds, userIdOf } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

type Item = {
  id: string;
  email: string;
  userType: string;
  status: string;
  locations: { id: string }[];
  hiddenLocationCount: number;
  canManage: boolean;
};
type Page = { items: Item[]; total: number };

describe('administrator management stays within the manager’s reach', () => {
  let t: TestApp;
  let pm: string;
  let superToken: string;
  let loc: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    pm = (await loginAs(t.app, 'PortfolioManager')).access_token;
    superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    loc = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const list = async (token: string, query = '') => json<Page>(await call(token, 'GET', `/web/admins${query}`));

  it('a PortfolioManager may grant only PortfolioManager, on their own locations', async () => {
    const base = { firstName: 'Pat', lastName: 'Morgan', locationIds: [loc['oak-uptown']] };
    const admin = await call(pm, 'POST', '/web/admins/invite', { ...base, email: 'pat1@example.com', userType: 'Admin' });
    expect(admin.statusCode).toBe(403);
    expect(json(admin).msg).toEqual(['You cannot grant this administrator type']);
    const superType = await call(pm, 'POST', '/web/admins/invite', { ...base, email: 'pat2@example.com', userType: 'SuperAdmin' });
    expect(superType.statusCode).toBe(403);
    const outside = await call(pm, 'POST', '/web/admins/invite', {
      ...base,
      email: 'pat3@example.com',
      userType: 'PortfolioManager',
      locationIds: [loc['oak-uptown'], loc['sf-embarcadero']],
    });
    expect(outside.statusCode).toBe(403);
    expect(json(outside).msg).toEqual(['You do not have access to this location']);
    const inside = await call(pm, 'POST', '/web/admins/invite', { ...base, email: 'pat4@example.com', userType: 'PortfolioManager' });
    expect(inside.statusCode).toBe(201);
    expect(json<Item>(inside)).toMatchObject({ status: 'PENDING', canManage: true, hiddenLocationCount: 0 });
  });

  it('a scoped manager sees administrators sharing a location; other locations are counted, not named', async () => {
    const page = await list(pm, '?pageSize=200');
    const emails = page.items.map((item) => item.email);
    expect(emails).not.toContain('superadmin@example.com');
    expect(emails).not.toContain('reseller@example.com');
    expect(emails).not.toContain('scheduler@example.com');
    const admin = page.items.find((item) => item.email === 'admin@example.com')!;
    expect(admin.locations.map((l) => l.id)).toEqual([loc['sf-mission-bay']]);
    expect(admin).toMatchObject({ hiddenLocationCount: 2, canManage: false });
    expect(page.items.find((item) => item.email === 'portfoliomanager@example.com')!.canManage).toBe(false);
    expect(page.total).toBe(page.items.length);
  });

  it('refuses changes beyond reach, to invisible accounts and to oneself', async () => {
    const adminId = await userIdOf(t.database.db, 'admin@example.com');
    const beyond = await call(pm, 'POST', `/web/admins/${adminId}/deactivate`);
    expect(beyond.statusCode).toBe(403);
    expect(json(beyond).code).toBe('ADMIN_OUT_OF_REACH');
    const superId = await userIdOf(t.database.db, 'superadmin@example.com');
    const invisible = await call(pm, 'PATCH', `/web/admins/${superId}`, { locationIds: [loc['oak-uptown']] });
    expect(invisible.statusCode).toBe(404);
    expect(json(invisible).msg).toEqual(['Administrator not found']);
    const unknown = await call(pm, 'POST', '/web/admins/00000000-0000-4000-8000-000000000000/deactivate');
    expect(json(unknown)).toEqual(json(invisible));
    const self = await call(superToken, 'PATCH', `/web/admins/${superId}`, { userType: 'ReadonlySuperAdmin' });
    expect(self.statusCode).toBe(403);
    expect(json(self).msg).toEqual(['You cannot change your own account here']);
    const driverId = await userIdOf(t.database.db, 'driver@example.com');
    expect((await call(superToken, 'POST', `/web/admins/${driverId}/deactivate`)).statusCode).toBe(404);
  });

  it('a manager cannot move an administrator to locations outside their own list', async () => {
    const created = json<Item>(
      await call(pm, 'POST', '/web/admins/invite', {
        email: 'pat5@example.com',
        firstName: 'Pat',
        lastName: 'Five',
        userType: 'PortfolioManager',
        locationIds: [loc['oak-uptown']],
      }),
    );
    const moved = await call(pm, 'PATCH', `/web/admins/${created.id}`, { locationIds: [loc['sj-diridon']] });
    expect(moved.statusCode).toBe(403);
    const allowed = await call(pm, 'PATCH', `/web/admins/${created.id}`, { locationIds: [loc['oak-uptown'], loc['oak-jack-london']] });
    expect(allowed.statusCode).toBe(200);
    expect(json<Item>(allowed).locations).toHaveLength(2);
    const emptied = await call(pm, 'PATCH', `/web/admins/${created.id}`, { locationIds: [] });
    expect(json(emptied).msg).toEqual(['Choose at least one location']);
  });

  it('types without Admins_View cannot list administrators', async () => {
    const admin = (await loginAs(t.app, 'Admin')).access_token;
    const response = await call(admin, 'GET', '/web/admins');
    expect(response.statusCode).toBe(403);
    expect(json(response).msg).toEqual(['You do not have permission to do this']);
  });

  it('lists every administrator for a SuperAdmin: paged, searched, sorted and filtered', async () => {
    const all = await list(superToken, '?pageSize=200');
    expect(all.items.map((item) => item.userType)).not.toContain('Driver');
    expect(all.items.map((item) => item.userType)).not.toContain('Scheduler');
    const first = await list(superToken, '?pageSize=3&sort=-email');
    const second = await list(superToken, '?pageSize=3&page=2&sort=-email');
    const emails = [...first.items, ...second.items].map((item) => item.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(first.total).toBe(all.total);
    expect((await list(superToken, '?search=chen')).items.map((item) => item.email)).toEqual(['admin@example.com']);
    expect((await list(superToken, '?status=PENDING')).items.every((item) => item.status === 'PENDING')).toBe(true);
    expect((await list(superToken, '?userType=Reseller')).items.map((item) => item.email)).toEqual(['reseller@example.com']);
    const badSort = await call(superToken, 'GET', '/web/admins?sort=passwordHash');
    expect(badSort.statusCode).toBe(400);
  });
});
