import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, loginAs, multipartPayload, type TestApp } from '../../../test/test-app.ts';
import { startS3StandIn, type S3StandIn } from '@wattdesk/test-support';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { utilityBills } from '../../db/schema/index.ts';

describe.each([
  ['disk', false],
  ['S3', true],
])('utility info: configs, monthly bills with their PDFs (%s storage), interval data', (_name, useS3) => {
  let t: TestApp;
  let s3: S3StandIn | undefined;
  let token: string;
  let locationId: string;
  beforeAll(async () => {
    s3 = useS3 ? await startS3StandIn() : undefined;
    const env: Record<string, string> = s3
      ? { S3_BUCKET: s3.bucket, S3_ENDPOINT: s3.url, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey }
      : {};
    t = await createTestApp({ env });
    token = (await loginAs(t.app, 'Admin')).access_token;
    const [first] = (await loginAs(t.app, 'Admin')).locations;
    locationId = first ?? (await demoLocationIds(t.database.db))['sf-embarcadero']!;
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });
  /** What the common file storage holds for an account's bills: S3 objects or files in DATA_DIR/files. */
  const storedBills = (id: string) => {
    if (s3) return [...s3.objects.keys()].filter((key) => key.includes(`utility-bills/${id}/`)).map((key) => key.split('/').at(-1));
    const folder = path.join(t.config.dataDir, 'files', 'utility-bills', id);
    return existsSync(folder) ? readdirSync(folder).filter((name) => !name.endsWith('.content-type')) : [];
  };

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers?: Record<string, string>) => {
    const response = await t.app.inject(
      authed(token, { method, url, ...(payload !== undefined ? { payload: payload as string } : {}), ...(headers ? { headers } : {}) }),
    );
    const isJson = Boolean(response.headers['content-type']?.includes('json'));
    return { status: response.statusCode, body: (isJson ? response.json() : {}) as Answer, raw: response.rawPayload };
  };
  type Answer = { msg: string[]; code?: string; config: { id: string; meters: string[] }; months: { month: string }[] };
  const config = { provider: 'PG&E', accountNumber: '4455-1', rateSchedule: 'B-19', meters: ['1009876543'] };

  it('adds, refuses a duplicate, changes and removes a config with the spec’s messages and audit rows', async () => {
    const added = await call('POST', '/web/utility-config', { locationId, ...config });
    expect(added).toMatchObject({ status: 201, body: { msg: ['utility config updated'], config: { ...config, locationId } } });
    expect((await call('POST', '/web/utility-config', { locationId, ...config })).body).toMatchObject({ code: 'UTILITY_CONFIG_TAKEN' });
    const invalid = await call('POST', '/web/utility-config', { locationId, provider: ' ', accountNumber: 'x', rateSchedule: 'y', meters: [] });
    expect(invalid.body.msg).toEqual(expect.arrayContaining(['Provider Field is required', 'Add at least one meter']));
    const id = added.body.config.id;
    expect((await call('PUT', `/web/utility-config/${id}`, { ...config, meters: ['1', '2'] })).body).toMatchObject({
      config: { meters: ['1', '2'] },
    });
    expect((await call('DELETE', `/web/utility-config/${id}`)).body).toMatchObject({ msg: ['utility config removed'] });
    const actions = (await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, id))).map((row) => row.action);
    expect(actions.sort()).toEqual(['utility_config.added', 'utility_config.removed', 'utility_config.updated']);
  });

  it('monthly values, a bill PDF (checked from its bytes, 2 MB at most, nothing stored when refused), and interval data', async () => {
    const id = (await call('POST', '/web/utility-config', { locationId, ...config, accountNumber: '7788-2' })).body.config.id;
    const saved = await call('PUT', '/web/bills', {
      utilityConfigId: id,
      year: 2026,
      months: [{ month: 'march', energyKwh: 1250.5, costMinor: 31_275 }],
    });
    expect(saved.status).toBe(200);
    const upload = (content: string, name = 'march.pdf') => {
      const { payload, headers } = multipartPayload({}, { field: 'file', filename: name, content });
      return call('POST', `/web/bills/${id}/2026/march/file`, payload, headers);
    };
    expect((await upload('just text', 'fake.pdf')).body).toMatchObject({ code: 'BILL_NOT_PDF' });
    expect((await upload(`%PDF-1.4\n${'x'.repeat(2 * 1024 * 1024)}`)).body).toMatchObject({
      responseCode: 413,
      msg: ['file size should not exceed 2 MB'],
    });
    expect(storedBills(id)).toEqual([]);
    expect((await upload('%PDF-1.4\n%%EOF\n')).body).toMatchObject({ msg: ['document uploaded'] });
    expect(storedBills(id)).toEqual(['2026-03.pdf']);
    const bills = await call('GET', `/web/bills?utilityConfigId=${id}&year=2026`);
    expect(bills.body.months[2]).toMatchObject({ month: 'march', energyKwh: 1250.5, costMinor: 31_275, file: { name: 'march.pdf' } });
    expect(bills.body.months[0]).toMatchObject({ month: 'january', energyKwh: null, file: null });
    const file = await call('GET', `/web/bills/${id}/2026/march/file`);
    expect(file.status).toBe(200);
    expect(file.raw.toString('latin1')).toMatch(/^%PDF-/);

    const csv = [
      'Name,ACME',
      'TYPE,DATE,START TIME,END TIME,USAGE (kWh),NOTES',
      'Electric usage,2026-03-02,08:00,08:14,2.5,',
      'Electric usage,2026-03-02,08:15,08:29,1.5,',
    ].join('\n');
    const { payload, headers } = multipartPayload({ utilityConfigId: id }, { field: 'file', filename: 'usage.csv', content: csv });
    expect((await call('POST', '/web/energy-data', payload, headers)).body).toMatchObject({ imported: 2, meters: ['1009876543'] });
    const energy = await call('GET', `/web/energy-data?utilityConfigId=${id}&from=2026-03-02&to=2026-03-02`);
    // 08:00 in the location's zone is one hourly point with both intervals.
    expect(energy.body).toMatchObject({ utilityKwh: 4, points: [{ utilityKwh: 4, chargersKwh: 0 }] });
    const bad = multipartPayload(
      { utilityConfigId: id },
      { field: 'file', filename: 'usage.csv', content: 'TYPE,DATE,START TIME,USAGE\nx,2026-03-02,08:07,1\n' },
    );
    expect((await call('POST', '/web/energy-data', bad.payload, bad.headers)).body).toMatchObject({
      code: 'ENERGY_DATA_INVALID',
      msg: ['The interval data has errors; nothing was imported', 'Line 2: intervals start on a quarter hour'],
    });
    const [audit] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, id), eq(activityLogs.action, 'utility_bills.uploaded')));
    expect(audit).toMatchObject({ actorEmail: 'admin@example.com', locationId });
  });

  it('removing the account removes its bill files from the storage', async () => {
    const id = (await call('POST', '/web/utility-config', { locationId, ...config, accountNumber: '9900-3' })).body.config.id;
    const { payload, headers } = multipartPayload({}, { field: 'file', filename: 'may.pdf', content: '%PDF-1.4\n%%EOF\n' });
    expect((await call('POST', `/web/bills/${id}/2026/may/file`, payload, headers)).status).toBe(200);
    expect(storedBills(id)).toEqual(['2026-05.pdf']);
    expect((await call('DELETE', `/web/utility-config/${id}`)).status).toBe(200);
    expect(storedBills(id)).toEqual([]);
  });

  // Skipped on S3: bills from before the common storage (decision 054) only ever existed on disk.
  it.skipIf(useS3)('a bill stored before the common storage (old key, no type file) still downloads', async () => {
    const id = (await call('POST', '/web/utility-config', { locationId, ...config, accountNumber: '1100-4' })).body.config.id;
    const folder = path.join(t.config.dataDir, 'files', 'utility-bills', id);
    await mkdir(folder, { recursive: true });
    await writeFile(path.join(folder, '2025-01.pdf'), '%PDF-1.3 legacy');
    await t.database.db.insert(utilityBills).values({
      utilityConfigId: id,
      year: 2025,
      month: 1,
      fileKey: `${id}/2025-01.pdf`,
      fileName: 'old.pdf',
      fileSize: 15,
      fileUploadedAt: new Date(),
    });
    const file = await call('GET', `/web/bills/${id}/2025/january/file`);
    expect(file.status).toBe(200);
    expect(file.raw.toString('latin1')).toBe('%PDF-1.3 legacy');
  });
});
