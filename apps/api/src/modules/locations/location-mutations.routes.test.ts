import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firmwareCampaigns, firmwareImages } from '../../db/schema/index.ts';
import { authed, createTestApp, json, loginAs, type LoginResult, type TestApp } from '../../../test/test-app.ts';

const profile = {
  name: 'Harbor Point Garage',
  addressLine1: '100 Harbor Way',
  city: 'Alameda',
  state: 'CA',
  zipCode: '94501',
  lng: -122.2826,
  lat: 37.7799,
  timeZone: 'America/Los_Angeles',
};

describe('location changes', () => {
  let t: TestApp;
  let superAdmin: LoginResult;
  let admin: LoginResult;
  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await loginAs(t.app, 'SuperAdmin');
    admin = await loginAs(t.app, 'Admin');
  });
  afterAll(() => t.close());
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));

  it('creates a location with an access code and shows it in the list', async () => {
    const created = await call(superAdmin.access_token, 'POST', '/web/locations', profile);
    expect(created.statusCode).toBe(201);
    const state = json<{ locationId: string; locationCode: string; chargerCount: number; address: { addressLine2: string } }>(created);
    expect(state.locationCode).toMatch(/^\d{6}$/);
    expect(state.chargerCount).toBe(0);
    expect(state.address.addressLine2).toBe('');
    const list = json<{ items: { id: string }[] }>(await call(superAdmin.access_token, 'GET', '/web/locations?search=harbor'));
    expect(list.items.map((item) => item.id)).toEqual([state.locationId]);
  });

  it('validates the profile with the spec messages', async () => {
    const response = await call(superAdmin.access_token, 'POST', '/web/locations', {
      ...profile,
      name: '  ',
      city: 'Alameda 9',
      lat: 123,
      timeZone: 'Mars/Olympus',
    });
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual([
      'Name Field is required',
      'City Should be alphabetic only',
      'Latitude must be between -90 and 90',
      'Time zone must be a valid IANA time zone, e.g. America/Los_Angeles',
    ]);
  });

  it('updates name, address and coordinates, and the list entry with them', async () => {
    const locationId = admin.locations[0]!;
    const response = await call(admin.access_token, 'PATCH', `/web/locations/${locationId}`, {
      name: 'Renamed Garage',
      city: 'South San Francisco',
      lng: -122.4,
      lat: 37.65,
    });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ name: 'Renamed Garage', address: { city: 'South San Francisco' }, loc: { coordinates: [-122.4, 37.65] } });
    const list = json<{ items: { id: string; name: string; city: string }[] }>(await call(admin.access_token, 'GET', '/web/locations'));
    expect(list.items.find((item) => item.id === locationId)).toMatchObject({ name: 'Renamed Garage', city: 'South San Francisco' });
    const log = await t.database.db.query.activityLogs.findFirst({ where: (row, { eq }) => eq(row.action, 'location.update') });
    expect(log?.changes).toMatchObject({ name: { after: 'Renamed Garage' }, lat: { before: expect.any(Number), after: 37.65 } });
  });

  it('refuses an update of a location out of reach, and an empty update', async () => {
    const all = await t.database.db.query.locations.findMany({ columns: { id: true } });
    const outside = all.find((row) => !admin.locations.includes(row.id))!.id;
    expect((await call(admin.access_token, 'PATCH', `/web/locations/${outside}`, { name: 'Mine' })).statusCode).toBe(403);
    expect(json(await call(admin.access_token, 'PATCH', `/web/locations/${admin.locations[0]}`, {})).msg).toEqual([
      'Send at least one field to change',
    ]);
  });

  it('sets the reseller flag on many locations at once, within reach', async () => {
    const all = (await t.database.db.query.locations.findMany({ columns: { id: true } })).map((row) => row.id);
    const response = await call(superAdmin.access_token, 'POST', '/web/locations/reseller', { locationIds: all.slice(0, 4), hasReseller: true });
    expect(json(response)).toEqual({ updated: 4 });
    const flagged = json<{ total: number }>(await call(superAdmin.access_token, 'GET', '/web/locations?hasReseller=true'));
    expect(flagged.total).toBeGreaterThanOrEqual(4);
    const unknown = await call(superAdmin.access_token, 'POST', '/web/locations/reseller', {
      locationIds: ['0d1a8f64-2d54-4b0e-9c4a-7a0b1d2c3e4f'],
      hasReseller: true,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('regenerates the access code; the old one is gone', async () => {
    const locationId = admin.locations[1]!;
    const before = json<{ locationCode: string }>(
      await call(admin.access_token, 'GET', `/web/locations/location-by-id?locationId=${locationId}`),
    ).locationCode;
    const response = await call(admin.access_token, 'POST', `/web/locations/${locationId}/access-code`);
    const after = json<{ locationCode: string }>(response).locationCode;
    expect(after).toMatch(/^\d{6}$/);
    expect(
      json<{ locationCode: string }>(await call(admin.access_token, 'GET', `/web/locations/location-by-id?locationId=${locationId}`)).locationCode,
    ).toBe(after);
    expect(after === before ? 'same' : 'changed').toBe('changed');
  });

  it('refuses to delete a location with chargers, deletes an empty one', async () => {
    const withChargers = await call(superAdmin.access_token, 'DELETE', `/web/locations/${admin.locations[0]}`);
    expect(withChargers.statusCode).toBe(409);
    expect(json<{ msg: string[] }>(withChargers).msg[0]).toMatch(/still has \d+ chargers\. Move or delete them before deleting the location/);
    const created = json<{ locationId: string }>(
      await call(superAdmin.access_token, 'POST', '/web/locations', { ...profile, name: 'Temporary lot' }),
    );
    expect((await call(superAdmin.access_token, 'DELETE', `/web/locations/${created.locationId}`)).statusCode).toBe(200);
    expect((await call(superAdmin.access_token, 'GET', `/web/locations/location-by-id?locationId=${created.locationId}`)).statusCode).toBe(404);
  });

  it('deletes a location whose chargers once had a firmware campaign, with the campaign (issue 39)', async () => {
    const created = json<{ locationId: string }>(await call(superAdmin.access_token, 'POST', '/web/locations', { ...profile, name: 'Retired lot' }));
    // The campaign's chargers have since been moved or deleted: only its history is left at the location.
    const [image] = await t.database.db
      .insert(firmwareImages)
      .values({ version: `9.9.${Date.now()}`, models: ['AC22'], fileName: 'fw.bin', sizeBytes: 1, sha256: 'a'.repeat(64), storageKey: randomUUID() })
      .returning();
    await t.database.db.insert(firmwareCampaigns).values({
      imageId: image!.id,
      locationId: created.locationId,
      models: ['AC22'],
      status: 'completed',
      firstStagePercent: 10,
      retrieveAt: new Date(),
      retries: 1,
      retryIntervalSeconds: 60,
    });
    expect((await call(superAdmin.access_token, 'DELETE', `/web/locations/${created.locationId}`)).statusCode).toBe(200);
    expect((await call(superAdmin.access_token, 'GET', `/web/locations/location-by-id?locationId=${created.locationId}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(firmwareCampaigns).where(eq(firmwareCampaigns.locationId, created.locationId))).toEqual([]);
  });

  it('keeps these changes to the roles that hold them', async () => {
    expect((await call(admin.access_token, 'POST', '/web/locations', profile)).statusCode).toBe(403);
    expect((await call(admin.access_token, 'DELETE', `/web/locations/${admin.locations[2]}`)).statusCode).toBe(403);
    const readonly = await loginAs(t.app, 'ReadonlyAdmin');
    expect((await call(readonly.access_token, 'PATCH', `/web/locations/${readonly.locations[0]}`, { name: 'x' })).statusCode).toBe(403);
  });
});
