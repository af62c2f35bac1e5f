import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

type Page = { items: { id: string; name: string; city: string; hasReseller: boolean; chargerCount: number }[]; total: number };

describe('GET /web/locations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const list = async (token: string, query = '') => {
    const response = await t.app.inject(authed(token, { method: 'GET', url: `/web/locations${query}` }));
    return { status: response.statusCode, body: json<Page>(response) };
  };

  it('lists only the locations in the user list, with charger counts', async () => {
    const admin = await loginAs(t.app, 'Admin');
    const { status, body } = await list(admin.access_token);
    expect(status).toBe(200);
    expect(body.total).toBe(3);
    expect(body.items.map((item) => item.id).sort()).toEqual([...admin.locations].sort());
    expect(body.items.every((item) => item.city === 'San Francisco' && item.chargerCount > 0)).toBe(true);
  });

  it('lets SuperAdmin see every location, paged and sorted', async () => {
    const superAdmin = await loginAs(t.app, 'SuperAdmin');
    const first = await list(superAdmin.access_token, '?pageSize=4&sort=-name');
    const second = await list(superAdmin.access_token, '?pageSize=4&page=2&sort=-name');
    expect(first.body.total).toBe(9);
    const names = [...first.body.items, ...second.body.items].map((item) => item.name);
    expect(names).toEqual([...names].sort().reverse());
    expect(new Set(names).size).toBe(8);
  });

  it('searches by name or city, case-insensitively, treating % literally', async () => {
    const superAdmin = await loginAs(t.app, 'SuperAdmin');
    expect((await list(superAdmin.access_token, '?search=oakland')).body.total).toBe(3);
    expect((await list(superAdmin.access_token, '?search=GARAGE')).body.items.every((item) => /garage/i.test(item.name))).toBe(true);
    expect((await list(superAdmin.access_token, '?search=%25')).body.total).toBe(0);
    expect((await list(superAdmin.access_token, '?hasReseller=true')).body.total).toBe(2);
  });

  it('rejects unknown sort fields and oversized pages with a message', async () => {
    const superAdmin = await loginAs(t.app, 'SuperAdmin');
    const badSort = await list(superAdmin.access_token, '?sort=password');
    expect(badSort.status).toBe(400);
    expect((badSort.body as unknown as { msg: string[] }).msg[0]).toContain('Sort must be one of name, city, chargerCount');
    expect((await list(superAdmin.access_token, '?pageSize=5000')).status).toBe(400);
  });
});
