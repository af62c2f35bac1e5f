import type { NetworkMap } from '@wattdesk/shared';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargers, locations } from '../../db/schema/index.ts';
import { expectRefusal } from '../../../test/expect-refusal.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

const URL = '/web/locations/network-map';

describe('GET /web/locations/network-map', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const map = async (token: string) => {
    const response = await t.app.inject(authed(token, { method: 'GET', url: URL }));
    expect(response.statusCode).toBe(200);
    return json<NetworkMap>(response);
  };

  it('pins only the locations in an Admin’s list, each with its coordinates', async () => {
    const admin = await loginAs(t.app, 'Admin');
    const body = await map(admin.access_token);
    expect(body.truncated).toBe(false);
    expect(body.items.map((item) => item.locationId).sort()).toEqual([...admin.locations].sort());
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, admin.locations[0]!));
    expect(body.items.find((item) => item.locationId === row!.id)).toMatchObject({
      name: row!.name,
      city: row!.city,
      lat: row!.lat,
      lng: row!.lng,
      timeZone: row!.timeZone,
    });
  });

  it('lets SuperAdmin see every location', async () => {
    const body = await map((await loginAs(t.app, 'SuperAdmin')).access_token);
    const all = await t.database.db.select({ id: locations.id }).from(locations);
    expect(body.items.map((item) => item.locationId).sort()).toEqual(all.map((row) => row.id).sort());
  });

  it('counts the chargers by status and names the pin by the most urgent one', async () => {
    const admin = await loginAs(t.app, 'Admin');
    const locationId = admin.locations[0]!;
    const ids = (await t.database.db.select({ id: chargers.id }).from(chargers).where(eq(chargers.locationId, locationId))).map((row) => row.id);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const setAll = (status: 'available' | 'charging' | 'faulted' | 'offline') =>
      t.database.db.update(chargers).set({ status }).where(inArray(chargers.id, ids));
    const pin = async () => (await map(admin.access_token)).items.find((item) => item.locationId === locationId)!;

    await setAll('available');
    expect(await pin()).toMatchObject({
      status: 'available',
      chargers: { total: ids.length, available: ids.length, charging: 0, offline: 0, faulted: 0, maintenance: 0 },
    });

    await t.database.db.update(chargers).set({ status: 'charging' }).where(eq(chargers.id, ids[0]!));
    expect(await pin()).toMatchObject({ status: 'charging', chargers: { available: ids.length - 1, charging: 1 } });

    await t.database.db.update(chargers).set({ status: 'offline' }).where(eq(chargers.id, ids[1]!));
    expect(await pin()).toMatchObject({ status: 'offline', chargers: { available: ids.length - 2, charging: 1, offline: 1 } });

    await t.database.db.update(chargers).set({ status: 'faulted' }).where(eq(chargers.id, ids[0]!));
    expect(await pin()).toMatchObject({ status: 'faulted', chargers: { charging: 0, offline: 1, faulted: 1 } });
  });

  it('says empty for a location without chargers', async () => {
    const superAdmin = await loginAs(t.app, 'SuperAdmin');
    const [withoutChargers] = await t.database.db
      .insert(locations)
      .values({
        name: 'Empty Lot',
        addressLine1: '1 Main St',
        city: 'Fresno',
        zipCode: '93701',
        state: 'CA',
        accessCode: 'EMPTY-LOT',
        lat: 36.74,
        lng: -119.78,
      })
      .returning({ id: locations.id });
    const body = await map(superAdmin.access_token);
    expect(body.items.find((item) => item.locationId === withoutChargers!.id)).toMatchObject({
      status: 'empty',
      chargers: { total: 0, available: 0, charging: 0, offline: 0, faulted: 0, maintenance: 0 },
    });
  });

  it('refuses a caller without a session (401) and a role without the control center (403)', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
    expect(json<{ responseCode: number }>(anonymous).responseCode).toBe(401);
    const reseller = await loginAs(t.app, 'Reseller');
    expectRefusal(await t.app.inject(authed(reseller.access_token, { method: 'GET', url: URL })), 403, 'FORBIDDEN', [
      'You do not have permission to do this',
    ]);
  });
});
