import type { LocationState } from '@wattdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal } from '../../../test/expect-refusal.ts';
import { authed, createTestApp, json, loginAs, type LoginResult, type TestApp } from '../../../test/test-app.ts';

const UNKNOWN_ID = '3c9d2e71-5a4b-4f08-8e6d-1b2a3c4d5e6f';
const NOT_FOUND = ['Location not found'];
const BAD_ID = ['Location id must be a valid id'];

describe('location changes that are refused', () => {
  let t: TestApp;
  let superAdmin: LoginResult;
  let admin: LoginResult;
  let allIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    superAdmin = await loginAs(t.app, 'SuperAdmin');
    admin = await loginAs(t.app, 'Admin');
    allIds = (await t.database.db.query.locations.findMany({ columns: { id: true } })).map((row) => row.id);
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const stateOf = async (locationId: string) =>
    json<LocationState>(await call(superAdmin.access_token, 'GET', `/web/locations/location-by-id?locationId=${locationId}`));
  const resellerFlags = async () =>
    (await t.database.db.query.locations.findMany({ columns: { id: true, hasReseller: true } })).map((row) => `${row.id}:${row.hasReseller}`).sort();

  it('answers 404 for an unknown location on update, delete and access code', async () => {
    const countBefore = allIds.length;
    expectRefusal(
      await call(superAdmin.access_token, 'PATCH', `/web/locations/${UNKNOWN_ID}`, { name: 'Ghost' }),
      404,
      'LOCATION_NOT_FOUND',
      NOT_FOUND,
    );
    expectRefusal(await call(superAdmin.access_token, 'DELETE', `/web/locations/${UNKNOWN_ID}`), 404, 'LOCATION_NOT_FOUND', NOT_FOUND);
    expectRefusal(await call(superAdmin.access_token, 'POST', `/web/locations/${UNKNOWN_ID}/access-code`), 404, 'LOCATION_NOT_FOUND', NOT_FOUND);
    expect(await t.database.db.query.locations.findMany({ columns: { id: true } })).toHaveLength(countBefore);
    const logged = await t.database.db.query.activityLogs.findMany({ where: (row, { eq }) => eq(row.entityId, UNKNOWN_ID) });
    expect(logged).toEqual([]);
  });

  it('answers an admin 403 for an unknown id, the same as for a location out of reach', async () => {
    const outside = allIds.find((id) => !admin.locations.includes(id))!;
    for (const id of [UNKNOWN_ID, outside]) {
      expectRefusal(await call(admin.access_token, 'PATCH', `/web/locations/${id}`, { name: 'Probe' }), 403, 'LOCATION_FORBIDDEN', [
        'You do not have access to this location',
      ]);
    }
  });

  it('refuses a malformed id on update, delete and access code before touching anything', async () => {
    expectRefusal(await call(superAdmin.access_token, 'PATCH', '/web/locations/not-a-uuid', { name: 'Nope' }), 400, 'VALIDATION_FAILED', BAD_ID);
    expectRefusal(await call(superAdmin.access_token, 'DELETE', '/web/locations/not-a-uuid'), 400, 'VALIDATION_FAILED', BAD_ID);
    expectRefusal(await call(superAdmin.access_token, 'POST', '/web/locations/12345/access-code'), 400, 'VALIDATION_FAILED', BAD_ID);
  });

  it('refuses coordinates out of range and leaves the location as it was', async () => {
    const locationId = admin.locations[0]!;
    const before = await stateOf(locationId);
    const response = await call(admin.access_token, 'PATCH', `/web/locations/${locationId}`, { name: 'Moved off the map', lng: 200, lat: -91 });
    expectRefusal(response, 400, 'VALIDATION_FAILED', ['Longitude must be between -180 and 180', 'Latitude must be between -90 and 90']);
    const notNumbers = await call(admin.access_token, 'PATCH', `/web/locations/${locationId}`, { lng: 'east', lat: null });
    expectRefusal(notNumbers, 400, 'VALIDATION_FAILED', ['Longitude must be a number', 'Latitude must be a number']);
    expect(await stateOf(locationId)).toEqual(before);
  });

  it('refuses the reseller flag for an empty or malformed list and changes no flag', async () => {
    const before = await resellerFlags();
    const empty = await call(superAdmin.access_token, 'POST', '/web/locations/reseller', { locationIds: [], hasReseller: true });
    expectRefusal(empty, 400, 'VALIDATION_FAILED', ['Choose at least one location']);
    const malformed = await call(superAdmin.access_token, 'POST', '/web/locations/reseller', {
      locationIds: [allIds[0], 'garage-7'],
      hasReseller: true,
    });
    expectRefusal(malformed, 400, 'VALIDATION_FAILED', ['Location ids must be a valid id']);
    const noFlag = await call(superAdmin.access_token, 'POST', '/web/locations/reseller', { locationIds: [allIds[0]] });
    expectRefusal(noFlag, 400, 'VALIDATION_FAILED', ['Has reseller must be true or false']);
    expect(await resellerFlags()).toEqual(before);
  });

  it('sets no flag at all when one location of the list is unknown', async () => {
    const before = await resellerFlags();
    const known = allIds.slice(0, 3);
    const response = await call(superAdmin.access_token, 'POST', '/web/locations/reseller', {
      locationIds: [...known, UNKNOWN_ID],
      hasReseller: true,
    });
    expectRefusal(response, 404, 'LOCATION_NOT_FOUND', NOT_FOUND);
    expect(await resellerFlags()).toEqual(before);
  });

  it('keeps the reseller flag to roles that hold Locations_Reseller_Update', async () => {
    const before = await resellerFlags();
    for (const type of ['Admin', 'PortfolioManager', 'ReadonlySuperAdmin'] as const) {
      const user = await loginAs(t.app, type);
      const response = await call(user.access_token, 'POST', '/web/locations/reseller', {
        locationIds: user.locations.slice(0, 1),
        hasReseller: true,
      });
      expectRefusal(response, 403, 'FORBIDDEN', ['You do not have permission to do this']);
    }
    expect(await resellerFlags()).toEqual(before);
  });
});
