import { locationStateSchema } from '@wattdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

describe('GET /web/locations/location-by-id', () => {
  let t: TestApp;
  let allLocationIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    allLocationIds = (await t.database.db.query.locations.findMany({ columns: { id: true } })).map((row) => row.id);
  });
  afterAll(() => t.close());

  const get = (token: string, locationId: string) =>
    t.app.inject(authed(token, { method: 'GET', url: `/web/locations/location-by-id?locationId=${locationId}` }));

  it('answers the location state of spec section 3 with its chargers', async () => {
    const admin = await loginAs(t.app, 'Admin');
    const response = await get(admin.access_token, admin.locations[0]!);
    expect(response.statusCode).toBe(200);
    const state = locationStateSchema.parse(json(response));
    expect(state.locationId).toBe(admin.locations[0]);
    expect(state.chargerCount).toBe(state.chargers.length);
    expect(state.chargerCount).toBeGreaterThan(0);
    expect(state.loc.coordinates[0]).toBeLessThan(-120);
  });

  it('refuses a location outside the user list with 403', async () => {
    const admin = await loginAs(t.app, 'Admin');
    const outside = allLocationIds.find((id) => !admin.locations.includes(id))!;
    const response = await get(admin.access_token, outside);
    expect(response.statusCode).toBe(403);
    expect(json(response).msg).toEqual(['You do not have access to this location']);
  });

  it('lets a SuperAdmin read any location and answers 404 for an unknown id', async () => {
    const superAdmin = await loginAs(t.app, 'SuperAdmin');
    for (const id of allLocationIds) expect((await get(superAdmin.access_token, id)).statusCode).toBe(200);
    const missing = await get(superAdmin.access_token, '6b1f8a52-4f0e-4c4e-9f59-3a0c8e3f2d11');
    expect(missing.statusCode).toBe(404);
    expect(json(missing).msg).toEqual(['Location not found']);
  });

  it('validates the id and requires a token', async () => {
    const superAdmin = await loginAs(t.app, 'SuperAdmin');
    const bad = await get(superAdmin.access_token, 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).msg).toEqual(['Location id must be a valid id']);
    const missing = await t.app.inject(authed(superAdmin.access_token, { method: 'GET', url: '/web/locations/location-by-id' }));
    expect(json(missing).msg).toEqual(['Location id Field is required']);
    expect((await t.app.inject({ method: 'GET', url: `/web/locations/location-by-id?locationId=${allLocationIds[0]}` })).statusCode).toBe(401);
  });
});
