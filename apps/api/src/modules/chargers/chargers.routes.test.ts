import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, json, loginAs, type LoginResult, type TestApp } from '../../../test/test-app.ts';

type ChargerBody = { id: string; chargerId: string; name: string; locationId: string; status: string };
type ListBody = { items: ChargerBody[]; total: number; statusCounts: Record<string, number> };

describe('chargers API', () => {
  let t: TestApp;
  let admin: LoginResult;
  let superAdmin: LoginResult;
  let outside: string;
  const [here, there] = [0, 1];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'Admin');
    superAdmin = await loginAs(t.app, 'SuperAdmin');
    const all = await t.database.db.query.locations.findMany({ columns: { id: true } });
    outside = all.map((row) => row.id).find((id) => !admin.locations.includes(id))!;
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  /** The count of the location state, checked against the list's count (kept by database triggers). */
  const countAt = async (locationId: string) => {
    const state = json<{ chargerCount: number }>(await call(admin.access_token, 'GET', `/web/locations/location-by-id?locationId=${locationId}`));
    const list = json<{ items: { id: string; chargerCount: number }[] }>(await call(admin.access_token, 'GET', '/web/locations?pageSize=200'));
    expect(list.items.find((item) => item.id === locationId)?.chargerCount).toBe(state.chargerCount);
    return state.chargerCount;
  };

  it('lists a location with status counts, filtered and searched', async () => {
    const list = json<ListBody>(await call(admin.access_token, 'GET', `/web/chargers?locationId=${admin.locations[here]}`));
    expect(list.total).toBeGreaterThan(0);
    expect(Object.values(list.statusCounts).reduce((a, b) => a + b, 0)).toBe(list.total);
    const available = json<ListBody>(await call(admin.access_token, 'GET', `/web/chargers?locationId=${admin.locations[here]}&status=available`));
    expect(available.items.every((charger) => charger.status === 'available')).toBe(true);
    expect(available.statusCounts).toEqual(list.statusCounts);
    const bay1 = json<ListBody>(await call(admin.access_token, 'GET', `/web/chargers?locationId=${admin.locations[here]}&search=bay%201`));
    expect(bay1.items.map((charger) => charger.name)).toEqual(['Bay 1']);
  });

  it('a search across every location pages its matches in the order asked, with the right total', async () => {
    const search = async (sort: string, page: number) =>
      json<ListBody>(await call(superAdmin.access_token, 'GET', `/web/chargers?search=bay%201&sort=${sort}&pageSize=4&page=${page}`));
    const all = json<ListBody>(await call(superAdmin.access_token, 'GET', '/web/chargers?pageSize=200'));
    const expected = all.items.filter((charger) => `${charger.name} ${charger.chargerId}`.toLowerCase().includes('bay 1'));
    const byName = [...expected].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
    const first = await search('name', 1);
    expect(first.total).toBe(expected.length);
    expect(first.items.map((charger) => charger.id)).toEqual(byName.slice(0, 4).map((charger) => charger.id));
    expect((await search('name', 2)).items.map((charger) => charger.id)).toEqual(byName.slice(4, 8).map((charger) => charger.id));
    expect((await search('-name', 1)).items[0]!.name).toBe(byName.at(-1)!.name);
  });

  it('without a location lists every charger in reach, and only those', async () => {
    const mine = json<ListBody>(await call(admin.access_token, 'GET', '/web/chargers?pageSize=200'));
    expect(new Set(mine.items.map((charger) => charger.locationId))).toEqual(new Set(admin.locations));
    const everything = json<ListBody>(await call(superAdmin.access_token, 'GET', '/web/chargers?pageSize=200'));
    expect(everything.total).toBe(45);
    expect((await call(admin.access_token, 'GET', `/web/chargers?locationId=${outside}`)).statusCode).toBe(403);
  });

  it('creating a charger adds it to the list and the count; its id and name must be free', async () => {
    const locationId = admin.locations[here]!;
    const before = await countAt(locationId);
    const created = await call(admin.access_token, 'POST', '/web/chargers', {
      locationId,
      chargerId: 'WD-TEST-001',
      name: 'Visitor bay',
      kind: 'smart',
    });
    expect(created.statusCode).toBe(201);
    expect(json<ChargerBody>(created)).toMatchObject({ chargerId: 'WD-TEST-001', name: 'Visitor bay', status: 'offline' });
    expect(await countAt(locationId)).toBe(before + 1);

    const sameId = await call(admin.access_token, 'POST', '/web/chargers', {
      locationId: admin.locations[there],
      chargerId: 'WD-TEST-001',
      name: 'Other',
      kind: 'dumb',
    });
    expect(sameId.statusCode).toBe(409);
    expect(json(sameId).msg).toEqual(['A charger with this charger id is already registered']);
    const sameName = await call(admin.access_token, 'POST', '/web/chargers', {
      locationId,
      chargerId: 'WD-TEST-002',
      name: 'Visitor bay',
      kind: 'dumb',
    });
    expect(json(sameName).msg).toEqual(['This location already has a charger with that name']);
    expect(await countAt(locationId)).toBe(before + 1);
  });

  it('validates with clear messages and refuses locations out of reach', async () => {
    const bad = await call(admin.access_token, 'POST', '/web/chargers', {
      locationId: admin.locations[here],
      chargerId: 'bad id!',
      name: ' ',
      kind: 'plasma',
      maxPowerKw: -3,
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).msg).toEqual([
      'Name Field is required',
      'Kind must be one of dumb, smart, nift',
      'Max power (kW) must be a number of zero or more',
      'Charger id may contain only letters, digits, dots, dashes and underscores',
    ]);
    const foreign = await call(admin.access_token, 'POST', '/web/chargers', { locationId: outside, chargerId: 'WD-X-1', name: 'X', kind: 'dumb' });
    expect(foreign.statusCode).toBe(403);
  });

  it('renames, moves and deletes, keeping both counts right', async () => {
    const [from, to] = [admin.locations[here]!, admin.locations[there]!];
    const created = json<ChargerBody>(
      await call(admin.access_token, 'POST', '/web/chargers', { locationId: from, chargerId: 'WD-MOVE-1', name: 'Mover', kind: 'nift' }),
    );
    const renamed = await call(admin.access_token, 'PATCH', `/web/chargers/${created.id}`, { name: 'Mover 2' });
    expect(json<ChargerBody>(renamed).name).toBe('Mover 2');
    const [fromBefore, toBefore] = [await countAt(from), await countAt(to)];
    const moved = await call(admin.access_token, 'POST', `/web/chargers/${created.id}/move`, { locationId: to });
    expect(json<ChargerBody>(moved).locationId).toBe(to);
    expect([await countAt(from), await countAt(to)]).toEqual([fromBefore - 1, toBefore + 1]);
    expect((await call(admin.access_token, 'POST', `/web/chargers/${created.id}/move`, { locationId: outside })).statusCode).toBe(403);
    expect((await call(admin.access_token, 'DELETE', `/web/chargers/${created.id}`)).statusCode).toBe(200);
    expect(await countAt(to)).toBe(toBefore);
    expect((await call(admin.access_token, 'DELETE', `/web/chargers/${created.id}`)).statusCode).toBe(404);
  });

  it('hides chargers of other locations behind 403, unknown ones behind 404', async () => {
    const foreign = json<ListBody>(await call(superAdmin.access_token, 'GET', `/web/chargers?locationId=${outside}`)).items[0]!;
    expect((await call(admin.access_token, 'PATCH', `/web/chargers/${foreign.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    expect((await call(admin.access_token, 'DELETE', `/web/chargers/${foreign.id}`)).statusCode).toBe(403);
    expect((await call(admin.access_token, 'GET', '/web/chargers/5f0e3a4e-8f77-4c1f-9a0e-2f8b6a1c9d00')).statusCode).toBe(404);
  });

  it('records every change in the activity log with the location', async () => {
    const rows = await t.database.db.query.activityLogs.findMany({ where: (log, { like }) => like(log.action, 'charger.%') });
    const actions = new Set(rows.map((row) => row.action));
    expect([...actions].sort()).toEqual(['charger.create', 'charger.delete', 'charger.move_in', 'charger.move_out', 'charger.update']);
    expect(rows.every((row) => row.locationId && row.actorEmail === 'admin@example.com')).toBe(true);
  });
});
