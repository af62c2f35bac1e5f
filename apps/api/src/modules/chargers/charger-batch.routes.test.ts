import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, json, loginAs, multipartPayload, type LoginResult, type TestApp } from '../../../test/test-app.ts';

const HEADER = 'chargerId,name,kind,model,serialNumber,connectorTypes,maxPowerKw';

describe('POST /web/chargers/batch (charger batch from CSV)', () => {
  let t: TestApp;
  let maker: LoginResult;
  let superAdmin: LoginResult;
  beforeAll(async () => {
    t = await createTestApp();
    maker = await loginAs(t.app, 'ManufacturingAdmin');
    superAdmin = await loginAs(t.app, 'SuperAdmin');
  });
  afterAll(() => t.close());

  const upload = (token: string, locationId: string, csv: string) => {
    const { payload, headers } = multipartPayload({ locationId }, { field: 'file', filename: 'chargers.csv', content: csv });
    return t.app.inject(authed(token, { method: 'POST', url: '/web/chargers/batch', payload, headers }));
  };
  const chargerTotal = async () =>
    json<{ total: number }>(await t.app.inject(authed(superAdmin.access_token, { method: 'GET', url: '/web/chargers' }))).total;

  it('registers every row of a valid file', async () => {
    const csv = `${HEADER}\nWD-B-001,Batch 1,smart,Wattdesk Smart 11,SN-1,J1772;NACS,11.5\nWD-B-002,Batch 2,dumb,,,,\n`;
    const response = await upload(maker.access_token, maker.locations[0]!, csv);
    expect(response.statusCode).toBe(201);
    const body = json<{ created: number; chargers: { chargerId: string; connectorTypes: string[]; maxPowerKw: number }[] }>(response);
    expect(body.created).toBe(2);
    const listed = await t.app.inject(authed(maker.access_token, { method: 'GET', url: '/web/locations' }));
    const state = await t.app.inject(
      authed(maker.access_token, { method: 'GET', url: `/web/locations/location-by-id?locationId=${maker.locations[0]}` }),
    );
    expect(json<{ items: { chargerCount: number }[] }>(listed).items[0]!.chargerCount).toBe(json<{ chargerCount: number }>(state).chargerCount);
    expect(body.chargers.find((c) => c.chargerId === 'WD-B-001')).toMatchObject({ connectorTypes: ['J1772', 'NACS'], maxPowerKw: 11.5 });
  });

  it('rejects the whole file when one row is bad, reporting each bad row', async () => {
    const before = await chargerTotal();
    const csv = `${HEADER}\nWD-B-010,Good row,smart,,,,\nWD-B-011,,laser,,,,-1\nWD-B-001,Batch 1 again,dumb,,,,\nWD-B-010,Dup id,dumb,,,,\n`;
    const response = await upload(maker.access_token, maker.locations[0]!, csv);
    expect(response.statusCode).toBe(400);
    const body = json<{ msg: string[]; rows: { row: number; errors: string[] }[] }>(response);
    expect(body.msg).toEqual(['3 rows have errors; no charger was imported']);
    expect(body.rows.map((row) => row.row)).toEqual([3, 4, 5]);
    expect(body.rows[0]!.errors).toEqual([
      'Name Field is required',
      'Kind must be one of dumb, smart, nift',
      'Max power (kW) must be a number of zero or more',
    ]);
    expect(body.rows[1]!.errors).toEqual(['Charger id WD-B-001 is already registered']);
    expect(body.rows[2]!.errors).toEqual(['Charger id WD-B-010 is also on row 2']);
    expect(await chargerTotal()).toBe(before);
  });

  it('explains a file without the required columns, an empty file and a missing file', async () => {
    const noColumns = await upload(maker.access_token, maker.locations[0]!, 'id,title\n1,x\n');
    expect(json<{ msg: string[] }>(noColumns).msg[0]).toMatch(/missing: chargerId, name, kind/);
    expect(json(await upload(maker.access_token, maker.locations[0]!, `${HEADER}\n`)).msg).toEqual(['The file has no charger rows under its header']);
    const noFile = multipartPayload({ locationId: maker.locations[0]! });
    const response = await t.app.inject(authed(maker.access_token, { method: 'POST', url: '/web/chargers/batch', ...noFile }));
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(['Choose a CSV file with the chargers to import']);
  });

  it('refuses files over 2 MB and locations out of reach', async () => {
    const big = `${HEADER}\n${'WD-BIG,Big,smart,,,,\n'.repeat(110_000)}`;
    const tooLarge = await upload(maker.access_token, maker.locations[0]!, big);
    expect(tooLarge.statusCode).toBe(413);
    expect(json(tooLarge).msg).toEqual(['file size should not exceed 2 MB']);
    const all = await t.database.db.query.locations.findMany({ columns: { id: true } });
    const outside = all.find((row) => !maker.locations.includes(row.id))!.id;
    expect((await upload(maker.access_token, outside, `${HEADER}\nWD-O-1,Out,smart,,,,\n`)).statusCode).toBe(403);
  });

  it('is only for roles with the charger batch permission', async () => {
    const admin = await loginAs(t.app, 'Admin');
    expect((await upload(admin.access_token, admin.locations[0]!, `${HEADER}\nWD-A-1,A,smart,,,,\n`)).statusCode).toBe(403);
  });
});
