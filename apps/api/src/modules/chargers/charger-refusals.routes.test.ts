import type { Charger } from '@wattdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { expectRefusal } from '../../../test/expect-refusal.ts';
import { authed, createTestApp, json, loginAs, type LoginResult, type TestApp } from '../../../test/test-app.ts';

const UNKNOWN_ID = '7e4b1c0a-9d2f-4a63-b8e5-0f1e2d3c4b5a';
const CHARGER_NOT_FOUND = ['Charger not found'];

describe('charger changes that are refused', () => {
  let t: TestApp;
  let admin: LoginResult;
  let superAdmin: LoginResult;
  let here: string;
  let there: string;
  let chargerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await loginAs(t.app, 'Admin');
    superAdmin = await loginAs(t.app, 'SuperAdmin');
    [here, there] = [admin.locations[0]!, admin.locations[1]!];
    chargerId = await makeCharger(t.database.db, here);
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const chargerOf = async (id: string) => json<Charger>(await call(admin.access_token, 'GET', `/web/chargers/${id}`));
  const chargerAt = async (locationId: string, name: string) =>
    (await t.database.db.query.chargers.findFirst({ where: (row, { and, eq }) => and(eq(row.locationId, locationId), eq(row.name, name)) }))!;
  const chargerCount = async () => (await t.database.db.query.chargers.findMany({ columns: { id: true } })).length;

  it('answers 404 for an unknown charger on rename, move and delete', async () => {
    const countBefore = await chargerCount();
    expectRefusal(
      await call(admin.access_token, 'PATCH', `/web/chargers/${UNKNOWN_ID}`, { name: 'Ghost' }),
      404,
      'CHARGER_NOT_FOUND',
      CHARGER_NOT_FOUND,
    );
    expectRefusal(
      await call(admin.access_token, 'POST', `/web/chargers/${UNKNOWN_ID}/move`, { locationId: there }),
      404,
      'CHARGER_NOT_FOUND',
      CHARGER_NOT_FOUND,
    );
    expectRefusal(await call(admin.access_token, 'DELETE', `/web/chargers/${UNKNOWN_ID}`), 404, 'CHARGER_NOT_FOUND', CHARGER_NOT_FOUND);
    expect(await chargerCount()).toBe(countBefore);
  });

  it('answers 404 for a charger registered at, or moved to, an unknown location', async () => {
    const countBefore = await chargerCount();
    const created = await call(superAdmin.access_token, 'POST', '/web/chargers', {
      locationId: UNKNOWN_ID,
      chargerId: 'WD-NOWHERE-1',
      name: 'Nowhere',
      kind: 'smart',
    });
    expectRefusal(created, 404, 'LOCATION_NOT_FOUND', ['Location not found']);
    expect(await chargerCount()).toBe(countBefore);
    const moved = await call(superAdmin.access_token, 'POST', `/web/chargers/${chargerId}/move`, { locationId: UNKNOWN_ID });
    expectRefusal(moved, 404, 'LOCATION_NOT_FOUND', ['Location not found']);
    expect((await chargerOf(chargerId)).locationId).toBe(here);
  });

  it('refuses a blank name and keeps the old one', async () => {
    const before = await chargerOf(chargerId);
    for (const name of ['', '   ']) {
      expectRefusal(await call(admin.access_token, 'PATCH', `/web/chargers/${chargerId}`, { name }), 400, 'VALIDATION_FAILED', [
        'Name Field is required',
      ]);
    }
    expect((await chargerOf(chargerId)).name).toBe(before.name);
  });

  it('refuses a name another charger of the location has, on rename and on move', async () => {
    const before = await chargerOf(chargerId);
    const renamed = await call(admin.access_token, 'PATCH', `/web/chargers/${chargerId}`, { name: 'Bay 1' });
    expectRefusal(renamed, 409, 'CHARGER_NAME_TAKEN', ['This location already has a charger with that name']);
    expect((await chargerOf(chargerId)).name).toBe(before.name);
    // The seed names the chargers of every location Bay 1, Bay 2, …, so Bay 1 cannot join another location.
    const bay1 = await chargerAt(here, 'Bay 1');
    const moved = await call(admin.access_token, 'POST', `/web/chargers/${bay1.id}/move`, { locationId: there });
    expectRefusal(moved, 409, 'CHARGER_NAME_TAKEN', ['This location already has a charger with that name']);
    expect((await chargerOf(bay1.id)).locationId).toBe(here);
  });

  it('refuses a move to the location the charger is at, and logs nothing', async () => {
    const response = await call(admin.access_token, 'POST', `/web/chargers/${chargerId}/move`, { locationId: here });
    expectRefusal(response, 400, 'CHARGER_SAME_LOCATION', ['The charger is already at this location']);
    expect((await chargerOf(chargerId)).locationId).toBe(here);
    const moves = await t.database.db.query.activityLogs.findMany({ where: (row, { like }) => like(row.action, 'charger.move%') });
    expect(moves).toEqual([]);
  });

  it('refuses malformed ids on rename, move and delete', async () => {
    const badChargerId = ['Id must be a valid id'];
    expectRefusal(await call(admin.access_token, 'PATCH', '/web/chargers/bay-1', { name: 'X' }), 400, 'VALIDATION_FAILED', badChargerId);
    expectRefusal(await call(admin.access_token, 'POST', '/web/chargers/bay-1/move', { locationId: there }), 400, 'VALIDATION_FAILED', badChargerId);
    expectRefusal(await call(admin.access_token, 'DELETE', '/web/chargers/bay-1'), 400, 'VALIDATION_FAILED', badChargerId);
    const badTarget = await call(admin.access_token, 'POST', `/web/chargers/${chargerId}/move`, { locationId: 'garage-7' });
    expectRefusal(badTarget, 400, 'VALIDATION_FAILED', ['Location id must be a valid id']);
    const noTarget = await call(admin.access_token, 'POST', `/web/chargers/${chargerId}/move`, {});
    expectRefusal(noTarget, 400, 'VALIDATION_FAILED', ['Location id Field is required']);
    expect((await chargerOf(chargerId)).locationId).toBe(here);
  });
});
