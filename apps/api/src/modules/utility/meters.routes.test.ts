import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, utilityMeters } from '../../db/schema/index.ts';

type Meter = { id: string; meterNumber: string; utility: string; unit: string; note: string };
type Answer = { msg: string[]; code?: string; meter: Meter; items: Meter[] };

describe('meters (spec section 7): utility meters of a location under Utility Info', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let sf: string;
  let oak: string;
  let embarcadero: string;
  beforeAll(async () => {
    t = await createTestApp();
    for (const type of ['Admin', 'ReadonlyAdmin', 'PortfolioManager'] as const) tokens[type] = (await loginAs(t.app, type)).access_token;
    const ids = await demoLocationIds(t.database.db);
    sf = ids['sf-civic-center']!;
    oak = ids['oak-uptown']!;
    embarcadero = ids['sf-embarcadero']!;
  });
  afterAll(() => t.close());

  const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject(authed(tokens[who]!, { method, url, ...(payload ? { payload } : {}) }));
    return { status: response.statusCode, body: response.json<Answer>() };
  };
  const main = { meterNumber: '1009876543', utility: 'electric', unit: 'kWh', note: 'Main switchboard, room B1' };

  it('adds, lists, changes and removes a meter with an audit row for each change', async () => {
    const added = await call('Admin', 'POST', '/web/meters', { locationId: sf, ...main });
    expect(added).toMatchObject({ status: 201, body: { msg: ['meter added'], meter: main } });
    const id = added.body.meter.id;
    await call('Admin', 'POST', '/web/meters', { locationId: sf, meterNumber: 'G-77', utility: 'gas', unit: 'therm' });
    // ReadonlyAdmin reaches Embarcadero and Jack London, not Civic Center.
    expect((await call('ReadonlyAdmin', 'GET', `/web/meters?locationId=${sf}`)).status).toBe(403);
    const listed = await call('Admin', 'GET', `/web/meters?locationId=${sf}`);
    expect(listed.body.items.map((meter) => [meter.utility, meter.meterNumber])).toEqual([
      ['electric', '1009876543'],
      ['gas', 'G-77'],
    ]);
    const changed = await call('Admin', 'PUT', `/web/meters/${id}`, { ...main, unit: 'MWh', note: '' });
    expect(changed.body).toMatchObject({ msg: ['meter updated'], meter: { unit: 'MWh', note: '' } });
    expect(await call('Admin', 'PUT', `/web/meters/${id}`, { ...main, meterNumber: 'G-77' })).toMatchObject({
      status: 409,
      body: { code: 'METER_TAKEN' },
    });
    expect((await call('Admin', 'DELETE', `/web/meters/${id}`)).body.msg).toEqual(['meter removed']);
    expect(await call('Admin', 'DELETE', `/web/meters/${id}`)).toMatchObject({ status: 404, body: { code: 'METER_NOT_FOUND' } });
    const rows = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entity, 'meter'), eq(activityLogs.entityId, id)));
    expect(rows.map((row) => row.action).sort()).toEqual(['meter.added', 'meter.removed', 'meter.updated']);
    expect(rows.find((row) => row.action === 'meter.updated')?.changes).toEqual({
      unit: { before: 'kWh', after: 'MWh' },
      note: { before: main.note, after: '' },
    });
  });

  it('answers 400 with each field’s message, and 409 for a number the location already has', async () => {
    const invalid = await call('Admin', 'POST', '/web/meters', { locationId: sf, meterNumber: ' ', utility: 'steam', unit: 'kWh' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toEqual(expect.arrayContaining(['Meter number Field is required', 'Utility must be electric, gas or water']));
    const wrongUnit = await call('Admin', 'POST', '/web/meters', { locationId: sf, meterNumber: 'W-1', utility: 'water', unit: 'kWh' });
    expect(wrongUnit).toMatchObject({
      status: 400,
      body: { msg: expect.arrayContaining(['Unit of a water meter must be gal, ccf, m³']) as unknown },
    });
    // A body of JSON null is refused like any wrong body (the fuzz found it answered 500: the unit rule read null's utility).
    const nothing = await t.app.inject(
      authed(tokens.Admin!, {
        method: 'PUT',
        url: `/web/meters/${crypto.randomUUID()}`,
        payload: 'null',
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json<Answer>()).toMatchObject({ responseCode: 400, msg: expect.any(Array) as unknown });
    await call('Admin', 'POST', '/web/meters', { locationId: sf, ...main, meterNumber: 'DUP-1' });
    expect(await call('Admin', 'POST', '/web/meters', { locationId: sf, ...main, meterNumber: 'DUP-1' })).toMatchObject({
      status: 409,
      body: { code: 'METER_TAKEN' },
    });
  });

  it('refuses types without Utility Info’s permissions, read-only types’ changes, and meters of locations out of reach', async () => {
    expect((await call('PortfolioManager', 'GET', `/web/meters?locationId=${oak}`)).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call('ReadonlyAdmin', 'GET', `/web/meters?locationId=${embarcadero}`)).status).toBe(200);
    expect((await call('ReadonlyAdmin', 'POST', '/web/meters', { locationId: embarcadero, ...main })).body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call('Admin', 'POST', '/web/meters', { locationId: oak, ...main })).body).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
    const [theirs] = await t.database.db
      .insert(utilityMeters)
      .values({ locationId: oak, meterNumber: 'OAK-1', utility: 'water', unit: 'gal' })
      .returning({ id: utilityMeters.id });
    expect((await call('Admin', 'PUT', `/web/meters/${theirs!.id}`, main)).body).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
    expect((await call('Admin', 'DELETE', `/web/meters/${theirs!.id}`)).body).toMatchObject({ code: 'LOCATION_FORBIDDEN' });
  });
});
