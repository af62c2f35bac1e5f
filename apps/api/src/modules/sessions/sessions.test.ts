import type { SessionDetail, SessionListResponse } from '@wattdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { makeDriver, newTag } from '../../../test/driver-fixtures.ts';
import { authed, loginAs } from '../../../test/test-app.ts';

describe('charging sessions: list, filters, export, meter values', () => {
  let t: OcppTestApp;
  let first: { id: string; chargerId: string };
  let second: { id: string; chargerId: string };
  const location = () => t.locations['oak-lake-merritt']!;

  /** Sessions as a charger reports them, at fixed times of the location's (Los Angeles) days. */
  const session = async (
    charger: { chargerId: string; ocppPassword: string },
    idTag: string,
    start: string,
    stop: string,
    meterStart: number,
    meterStop: number,
  ) => {
    const simulator = t.simulate(charger);
    await simulator.connect();
    const { transactionId } = await simulator.call('StartTransaction', { connectorId: 1, idTag, meterStart, timestamp: start });
    const middle = new Date((Date.parse(start) + Date.parse(stop)) / 2).toISOString();
    await simulator.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: middle,
          sampledValue: [
            { value: String((meterStart + meterStop) / 2), unit: 'Wh' },
            { value: '7.1', measurand: 'Power.Active.Import', unit: 'kW' },
          ],
        },
      ],
    });
    await t.app.ocpp.flushTelemetry();
    await simulator.call('StopTransaction', { transactionId, meterStop, timestamp: stop, reason: 'Local' });
    await simulator.close();
    return transactionId;
  };

  beforeAll(async () => {
    t = await startOcppApp();
    const a = await t.registerCharger('oak-lake-merritt');
    const b = await t.registerCharger('oak-lake-merritt');
    first = a;
    second = b;
    // 23:30 in Oakland on 1 Nov is 06:30 UTC on 2 Nov: it belongs to the location's 1 November.
    await session(a, 'DRIVER-0001', '2026-11-02T06:30:00.000Z', '2026-11-02T07:30:00.000Z', 10_000, 17_000);
    await session(a, 'DRIVER-0002', '2026-11-03T17:00:00.000Z', '2026-11-03T18:00:00.000Z', 17_000, 20_500);
    await session(b, 'FLEET-0001', '2026-11-04T17:00:00.000Z', '2026-11-04T19:00:00.000Z', 0, 11_000);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const { status, body } = await t.api('GET', `/web/sessions?locationId=${location()}&${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as unknown as SessionListResponse;
  };

  it('lists the location’s sessions newest first with energy in kWh', async () => {
    const page = await list('');
    expect(page.total).toBe(3);
    expect(page.items.map((s) => [s.idTag, s.energyKwh, s.status, s.stopReason])).toEqual([
      ['FLEET-0001', 11, 'completed', 'Local'],
      ['DRIVER-0002', 3.5, 'completed', 'Local'],
      ['DRIVER-0001', 7, 'completed', 'Local'],
    ]);
  });

  it('filters by the location’s days, charger, driver; sorts; pages', async () => {
    expect((await list('from=2026-11-01&to=2026-11-01')).items.map((s) => s.idTag)).toEqual(['DRIVER-0001']);
    expect((await list('from=2026-11-03')).items.map((s) => s.idTag)).toEqual(['FLEET-0001', 'DRIVER-0002']);
    expect((await list(`chargerId=${second.id}`)).items.map((s) => s.chargerCode)).toEqual([second.chargerId]);
    expect((await list('driver=driver')).total).toBe(2);
    expect((await list('sort=energyKwh')).items.map((s) => s.energyKwh)).toEqual([3.5, 7, 11]);
    const paged = await list('pageSize=2&page=2');
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items).toHaveLength(1);
  });

  it('filters by connector type as the dashboard counts it (the charger’s type at the connector, else Unknown)', async () => {
    const updated = await t.api('PATCH', `/web/chargers/${first.id}`, { connectorTypes: ['CCS1'] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await list('connectorType=CCS1')).items.map((s) => s.idTag)).toEqual(['DRIVER-0002', 'DRIVER-0001']);
    expect((await list('connectorType=Unknown')).items.map((s) => s.idTag)).toEqual(['FLEET-0001']);
    expect((await list('connectorType=NACS')).total).toBe(0);
    const bad = await t.api('GET', `/web/sessions?locationId=${location()}&connectorType=Type%203`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toEqual(['Connector type must be one of J1772, NACS, CCS1, CCS2, CHAdeMO, Type 2, Unknown']);
  });

  it('refuses bad filters with clear messages', async () => {
    const bad = await t.api('GET', `/web/sessions?locationId=${location()}&from=yesterday&sort=price`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toEqual(expect.arrayContaining(['From must be a date (YYYY-MM-DD)']));
    expect((await t.api('GET', '/web/sessions')).status).toBe(400);
  });

  it('exports the filtered sessions as CSV', async () => {
    const response = await t.app.inject(
      authed(t.token, { method: 'GET', url: `/web/sessions/export?locationId=${location()}&chargerId=${first.id}` }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="charging-sessions-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Transaction,Charger,Charger id,Connector,Driver (id tag),Started (America/Los_Angeles),Stopped (America/Los_Angeles),Energy (kWh),Stop reason,Status,Cost,Currency',
    );
    // The location's wall clock with its offset: readable where the chargers are, and unambiguous.
    expect(lines[1]!.split(',')[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[78]:00$/);
    expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual(['DRIVER-0002', 'DRIVER-0001']);
    expect(lines[1]).toContain(',3.50,Local,completed');
  });

  it('exports in the language of the page downloading: a German header line that still names the zone, the same rows', async () => {
    const url = `/web/sessions/export?locationId=${location()}&chargerId=${first.id}`;
    const linesOf = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    const german = linesOf((await t.app.inject(authed(t.token, { method: 'GET', url, headers: { 'accept-language': 'de-DE,de;q=0.9' } }))).body);
    expect(german[0]).toBe(
      'Transaktion,Ladestation,Ladestations-ID,Anschluss,Fahrer (ID-Tag),Beginn (America/Los_Angeles),Ende (America/Los_Angeles),Energie (kWh),Stoppgrund,Status,Kosten,Währung',
    );
    // Data stays data: the same cells as the English file.
    expect(german.slice(1)).toEqual(linesOf((await t.app.inject(authed(t.token, { method: 'GET', url }))).body).slice(1));
  });

  it('one session with its meter values, in reach only', async () => {
    const [latest] = (await list(`chargerId=${first.id}`)).items;
    const { body } = await t.api('GET', `/web/sessions/${latest!.id}`);
    const detail = body as unknown as SessionDetail;
    expect(detail.samples).toEqual([expect.objectContaining({ energyKwh: 18.75, powerKw: 7.1 })]);
    const readonlyAdmin = await loginAs(t.app, 'ReadonlyAdmin');
    const outside = await t.app.inject(authed(readonlyAdmin.access_token, { method: 'GET', url: `/web/sessions/${latest!.id}` }));
    expect(outside.statusCode).toBe(403);
    expect((await t.api('GET', '/web/sessions/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  // Runs last: it adds a session to the location the tests above count.
  it('names the driver a session’s tag belonged to, beside the tag; an unknown tag has no name', async () => {
    const tag = newTag();
    await makeDriver(t.database.db, location(), { tags: [tag] });
    const charger = await t.registerCharger('oak-lake-merritt');
    await session(charger, tag, '2026-10-05T17:00:00.000Z', '2026-10-05T18:00:00.000Z', 0, 1000);
    const [named] = (await list(`driver=${tag}`)).items;
    expect(named).toMatchObject({ idTag: tag, driverName: 'Fixture Driver' });
    const detail = (await t.api('GET', `/web/sessions/${named!.id}`)).body as unknown as SessionDetail;
    expect(detail).toMatchObject({ idTag: tag, driverName: 'Fixture Driver' });
    expect((await list('driver=DRIVER-0001')).items.map((s) => s.driverName)).toEqual([null]);
  });
});
