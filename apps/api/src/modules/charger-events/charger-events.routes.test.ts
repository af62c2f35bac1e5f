import { CHARGER_EVENT_KINDS, type ChargerLogResponse } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargerEvents, chargers } from '../../db/schema/index.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { chargerLogPages } from './charger-events.repository.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { authed, loginAs } from '../../../test/test-app.ts';

type Fixture = { id: string; code: string; name: string };

describe('the charger log of a location: filters, paging, scope, export', () => {
  let t: OcppTestApp;
  let bay: Fixture;
  let otherBay: Fixture;
  let elsewhere: Fixture;
  const location = () => t.locations['oak-lake-merritt']!;

  const fixtureCharger = async (locationKey: string): Promise<Fixture> => {
    const id = await makeCharger(t.database.db, t.locations[locationKey]!);
    const [row] = await t.database.db.select({ code: chargers.chargerId, name: chargers.name }).from(chargers).where(eq(chargers.id, id));
    return { id, ...row! };
  };
  const logged = (charger: Fixture | null, kind: string, summary: string, at: string) =>
    t.database.db
      .insert(chargerEvents)
      .values({ chargerId: charger?.id ?? null, chargerCode: charger?.code ?? 'WD-NOBODY', kind, summary, createdAt: new Date(at) });

  beforeAll(async () => {
    t = await startOcppApp();
    bay = await fixtureCharger('oak-lake-merritt');
    otherBay = await fixtureCharger('oak-lake-merritt');
    elsewhere = await fixtureCharger('oak-uptown');
    // Written in time order, as the server writes them. 22:30 in Oakland on 1 Nov is 06:30 UTC on 2 Nov.
    await logged(bay, 'connected', 'Connected', '2026-11-02T06:30:00Z');
    await logged(bay, 'boot', 'Booted: Acme AC22, firmware 3.1.0', '2026-11-02T06:31:00Z');
    await logged(bay, 'fault', 'Connector 1 faulted: GroundFailure', '2026-11-03T17:00:00Z');
    await logged(bay, 'command', 'Reset: Accepted (by ops_50%@example.com)', '2026-11-04T17:00:00Z');
    await logged(otherBay, 'connected', 'Connected', '2026-11-04T18:00:00Z');
    await logged(otherBay, 'session', 'Session 7 started on connector 1 for DRIVER, "VIP"', '2026-11-04T19:00:00Z');
    await logged(elsewhere, 'connected', 'Connected', '2026-11-04T20:00:00Z');
    await logged(null, 'refused', 'Connection refused: unknown charger', '2026-11-04T21:00:00Z');
  });
  afterAll(() => t.close());

  const list = async (query: string, locationId = location()) => {
    const { status, body } = await t.api('GET', `/web/charger-events?locationId=${locationId}&${query}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body as unknown as ChargerLogResponse;
  };
  const kinds = async (query: string) => (await list(query)).items.map((entry) => entry.kind);

  it('lists what the location’s chargers logged, newest first, with the charger of each row', async () => {
    const page = await list('');
    expect(page).toMatchObject({ total: 6, page: 1, pageSize: 25 });
    expect(page.items.map((entry) => entry.kind)).toEqual(['session', 'connected', 'command', 'fault', 'boot', 'connected']);
    expect(page.items[3]).toEqual({
      id: expect.any(String),
      at: '2026-11-03T17:00:00.000Z',
      chargerId: bay.id,
      chargerCode: bay.code,
      chargerName: bay.name,
      kind: 'fault',
      summary: 'Connector 1 faulted: GroundFailure',
    });
  });

  it('filters by charger, kind, the location’s days and text of the summary', async () => {
    expect(await kinds(`chargerId=${bay.id}`)).toEqual(['command', 'fault', 'boot', 'connected']);
    expect((await list('kind=connected')).items.map((entry) => entry.chargerId)).toEqual([otherBay.id, bay.id]);
    expect(await kinds(`chargerId=${bay.id}&kind=connected`)).toEqual(['connected']);
    expect(await kinds('from=2026-11-01&to=2026-11-01')).toEqual(['boot', 'connected']);
    expect(await kinds('from=2026-11-04')).toEqual(['session', 'connected', 'command']);
    expect(await kinds('to=2026-11-03')).toEqual(['fault', 'boot', 'connected']);
    expect(await kinds('search=groundFAILURE')).toEqual(['fault']);
    // LIKE wildcards are text: "50%" and "_" find only the summary that contains them.
    expect(await kinds('search=50%25')).toEqual(['command']);
    expect(await kinds('search=_')).toEqual(['command']);
  });

  it('pages with the total of the filtered rows', async () => {
    const second = await list('pageSize=4&page=2');
    expect(second).toMatchObject({ total: 6, page: 2, pageSize: 4 });
    expect(second.items.map((entry) => entry.kind)).toEqual(['boot', 'connected']);
    expect((await list('kind=connected&pageSize=1')).total).toBe(2);
  });

  it('keeps to the location: a charger of another location gives no rows, nor do unregistered ids', async () => {
    expect(await list(`chargerId=${elsewhere.id}`)).toMatchObject({ total: 0, items: [] });
    expect((await list('', t.locations['oak-uptown'])).items.map((entry) => entry.chargerCode)).toEqual([elsewhere.code]);
    expect(await list('kind=refused')).toMatchObject({ total: 0 });
  });

  it('refuses bad filters with clear messages', async () => {
    const bad = await t.api('GET', `/web/charger-events?locationId=${location()}&kind=reboot&from=yesterday`);
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toEqual(
      expect.arrayContaining([`Kind must be one of ${CHARGER_EVENT_KINDS.join(', ')}`, 'From must be a date (YYYY-MM-DD)']),
    );
    const backwards = await t.api('GET', `/web/charger-events?locationId=${location()}&from=2026-11-05&to=2026-11-01`);
    expect(backwards).toMatchObject({ status: 400, body: { msg: ['From must be before To'] } });
    const missing = await t.api('GET', '/web/charger-events');
    expect(missing).toMatchObject({ status: 400, body: { msg: ['Location id Field is required'] } });
    expect((await t.api('GET', `/web/charger-events?locationId=${location()}&chargerId=bay-1`)).body.msg).toEqual(['Charger id must be a valid id']);
  });

  it('exports the filtered log as CSV, newest first', async () => {
    const response = await t.app.inject(
      authed(t.token, { method: 'GET', url: `/web/charger-events/export?locationId=${location()}&from=2026-11-04` }),
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="charger-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Time (America/Los_Angeles),Charger,Charger id,Kind,Summary',
      `2026-11-04 11:00:00 -08:00,${otherBay.name},${otherBay.code},session,"Session 7 started on connector 1 for DRIVER, ""VIP"""`,
      `2026-11-04 10:00:00 -08:00,${otherBay.name},${otherBay.code},connected,Connected`,
      `2026-11-04 09:00:00 -08:00,${bay.name},${bay.code},command,Reset: Accepted (by ops_50%@example.com)`,
    ]);
    // The export reads page after page by `seq`; small pages join up without gaps or repeats.
    const pages: string[][] = [];
    for await (const entries of chargerLogPages(t.database.db, { locationId: location(), search: undefined }, 4))
      pages.push(entries.map((entry) => entry.kind));
    expect(pages).toEqual([
      ['session', 'connected', 'command', 'fault'],
      ['boot', 'connected'],
    ]);
    const scoped = await t.app.inject(
      authed(t.token, { method: 'GET', url: `/web/charger-events/export?locationId=${location()}&chargerId=${elsewhere.id}` }),
    );
    expect(scoped.body.replace(/^\uFEFF/, '').trim()).toBe('Time (America/Los_Angeles),Charger,Charger id,Kind,Summary');
  });

  it('answers 403 outside the user’s locations, and the export only with Logs_Export', async () => {
    const readonlyAdmin = await loginAs(t.app, 'ReadonlyAdmin');
    const get = (url: string) => t.app.inject(authed(readonlyAdmin.access_token, { method: 'GET', url }));
    expect((await get(`/web/charger-events?locationId=${location()}`)).statusCode).toBe(403);
    // Jack London Square is theirs: they see its log but may not take it away as a file.
    expect((await get(`/web/charger-events?locationId=${t.locations['oak-jack-london']}`)).statusCode).toBe(200);
    expect((await get(`/web/charger-events/export?locationId=${t.locations['oak-jack-london']}`)).statusCode).toBe(403);
  });

  it('describes both routes in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, { get?: { tags?: string[]; parameters?: { name: string }[] } }>;
    }>();
    const log = document.paths['/web/charger-events']?.get;
    expect(log?.tags).toEqual(['charger log']);
    expect(log?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['locationId', 'chargerId', 'kind', 'from', 'to', 'search', 'page', 'pageSize']),
    );
    expect(document.paths['/web/charger-events/export']?.get?.tags).toEqual(['charger log']);
  });

  it('shows what a connecting charger logs', async () => {
    const registered = await t.registerCharger('oak-jack-london');
    const simulator = t.simulate(registered);
    await simulator.connect();
    await eventually(async () => {
      const page = await list('', t.locations['oak-jack-london']);
      expect(page.items.map((entry) => [entry.kind, entry.chargerCode])).toEqual(
        expect.arrayContaining([
          ['connected', registered.chargerId],
          ['boot', registered.chargerId],
        ]),
      );
    });
  });
});
