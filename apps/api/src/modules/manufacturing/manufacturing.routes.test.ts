import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { demoEmail } from '../../db/seed/demo-users.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { authed, createTestApp, loginAs, multipartFile, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, chargers, chargerTestResults } from '../../db/schema/index.ts';

describe('manufacturing data: testing data by serial number, the charger photo', () => {
  let t: TestApp;
  let maker: string;
  let loc: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    maker = (await loginAs(t.app, 'ManufacturingAdmin')).access_token;
    loc = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const chargerAt = async (locationKey: string) => {
    const id = await makeCharger(t.database.db, loc[locationKey]!);
    const serialNumber = `SN-${randomBytes(4).toString('hex')}`;
    await t.database.db.update(chargers).set({ serialNumber }).where(eq(chargers.id, id));
    return { id, serialNumber };
  };
  const send = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, file?: { name: string; type: string; content: Buffer }) =>
    t.app.inject(
      authed(token, {
        method,
        url,
        ...(file ? multipartFile({}, { field: 'file', filename: file.name, contentType: file.type, content: file.content }) : {}),
      }),
    );
  const importCsv = (token: string, lines: string[]) =>
    send(token, 'POST', '/web/testing-data', { name: 'eol.csv', type: 'text/csv', content: Buffer.from(lines.join('\n')) });
  const header = 'serialNumber,testName,result,measured,unit,testedAt,station';

  it('imports all rows or none, reports each bad row, and keeps a per-charger history with audit rows', async () => {
    const one = await chargerAt('sj-diridon');
    const outside = await chargerAt('sf-embarcadero');
    const refused = await importCsv(maker, [
      header,
      `${one.serialNumber},Insulation,pass,512,MOhm,2026-11-02T08:15:00Z,EOL-1`,
      `${one.serialNumber},Earth bond,maybe,x,,yesterday,EOL-1`,
      `${outside.serialNumber},Insulation,pass,498,MOhm,2026-11-02T08:16:00Z,EOL-1`,
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'TEST_DATA_INVALID',
      msg: ['2 rows have errors; no test result was imported'],
      rows: [
        { row: 3, errors: expect.arrayContaining(['Result must be pass or fail', 'Measured must be a number']) },
        // A charger at a location the manufacturer does not reach is as unknown as one that does not exist.
        { row: 4, errors: [`No charger with serial number ${outside.serialNumber}`] },
      ],
    });
    expect(await t.database.db.select().from(chargerTestResults).where(eq(chargerTestResults.chargerId, one.id))).toEqual([]);

    const imported = await importCsv(maker, [
      header,
      `${one.serialNumber},Insulation,pass,512,MOhm,2026-11-02T08:15:00Z,EOL-1`,
      `${one.serialNumber},RCD trip,FAIL,31.5,ms,2026-11-02T08:17:00Z,EOL-1`,
    ]);
    expect(imported.json()).toMatchObject({ msg: ['2 test results imported for 1 charger'], imported: 2, chargers: 1 });
    const history = await send(maker, 'GET', `/web/chargers/${one.id}/testing-data`);
    expect(history.json()).toMatchObject({
      serialNumber: one.serialNumber,
      items: [
        { testName: 'RCD trip', passed: false, measured: 31.5, unit: 'ms', importedBy: demoEmail('ManufacturingAdmin') },
        { testName: 'Insulation', passed: true, measured: 512 },
      ],
    });
    const audit = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, one.id), eq(activityLogs.action, 'charger.testing_data_import')));
    expect(audit).toHaveLength(1);
    expect((await send(maker, 'GET', `/web/chargers/${outside.id}/testing-data`)).statusCode).toBe(403);
  });

  it('role table: who may import testing data and upload a photo', async () => {
    const { id, serialNumber } = await chargerAt('sj-diridon');
    const csv = [header, `${serialNumber},Insulation,pass,512,MOhm,2026-11-02T08:15:00Z,EOL-1`];
    for (const [type, status] of [
      // May import, but sj-diridon is not among its locations: the serial number is unknown to it.
      ['ThirdPartyManufacturer', 400],
      ['SuperAdmin', 200],
      ['ReadonlySuperAdmin', 403],
      ['Admin', 403],
      ['PortfolioManager', 403],
    ] as const) {
      const token = (await loginAs(t.app, type)).access_token;
      expect([type, (await importCsv(token, csv)).statusCode]).toEqual([type, status]);
    }
    const readonly = (await loginAs(t.app, 'ReadonlySuperAdmin')).access_token;
    expect((await send(readonly, 'GET', `/web/chargers/${id}/testing-data`)).statusCode).toBe(200);
    expect(
      (await send(readonly, 'PUT', `/web/chargers/${id}/photo`, { name: 'a.png', type: 'image/png', content: Buffer.from('x') })).statusCode,
    ).toBe(403);
  });

  it('a photo: over 2 MB and renamed executables refused with nothing stored; an image is re-encoded and replaces the last', async () => {
    const { id } = await chargerAt('sj-diridon');
    const stored = () => {
      const folder = path.join(t.config.dataDir, 'files', 'chargers', id);
      return existsSync(folder) ? readdirSync(folder).filter((name) => !name.endsWith('.content-type')) : [];
    };
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2a6' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    const tooBig = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024 + 1 - png.length)]);
    const big = await send(maker, 'PUT', `/web/chargers/${id}/photo`, { name: 'big.png', type: 'image/png', content: tooBig });
    expect([big.statusCode, big.json()]).toEqual([413, expect.objectContaining({ msg: ['Photo size should not exceed 2 MB'] })]);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00', 'latin1'), Buffer.alloc(500)]);
    const renamed = await send(maker, 'PUT', `/web/chargers/${id}/photo`, { name: 'unit.png', type: 'image/png', content: exe });
    expect(renamed.statusCode).toBe(415);
    expect(stored()).toEqual([]);
    expect((await send(maker, 'GET', `/web/chargers/${id}/photo`)).json()).toEqual({ photo: null });

    expect((await send(maker, 'PUT', `/web/chargers/${id}/photo`, { name: 'unit.png', type: 'image/png', content: png })).json()).toMatchObject({
      msg: ['document uploaded'],
    });
    const file = await send(maker, 'GET', `/web/chargers/${id}/photo/file`);
    expect(file.headers['content-type']).toBe('image/png');
    expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    expect((await sharp(file.rawPayload).metadata()).width).toBe(64);
    const first = stored();
    expect(first).toHaveLength(1);
    await send(maker, 'PUT', `/web/chargers/${id}/photo`, { name: 'again.png', type: 'image/png', content: png });
    expect(stored()).toHaveLength(1);
    expect(stored()).not.toEqual(first);
    const audit = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, id), eq(activityLogs.action, 'charger.photo_upload')));
    expect(audit.map((row) => row.actorEmail)).toEqual([demoEmail('ManufacturingAdmin'), demoEmail('ManufacturingAdmin')]);
  });
});
