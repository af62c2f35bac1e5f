import { evseUidOf, OCPI_MAX_PAGE_SIZE, ocpiConnectorSchema, ocpiEvseSchema, ocpiLocationSchema, type OcpiLocation } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, chargers, connectorStates, locations, ocpiOutbox } from '../../../db/schema/index.ts';
import { demoLocationIds } from '../../../../test/fixtures.ts';
import { connectTestPartner } from '../../../../test/ocpi-peer.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../../test/test-app.ts';

type Envelope<T> = { status_code: number; status_message?: string; data: T };

/** What a partner reads of our published locations (mod_locations "Sender Interface"), and what the switch does. */
describe('OCPI Locations: GET list and objects, the publish switch', () => {
  let t: TestApp;
  let partner: Awaited<ReturnType<typeof connectTestPartner>>;
  let token: string;
  let ids: Record<string, string>;
  const published = ['sf-embarcadero', 'oak-jack-london'];

  const ocpi = async <T>(url: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/ocpi/2.2.1${url}`, headers: { authorization: partner.authorization } });
    return { response, body: response.json<Envelope<T>>() };
  };
  const web = (method: 'PUT' | 'PATCH' | 'GET' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method, url, ...(payload ? { payload } : {}) }));
  const queued = (locationId: string) =>
    t.database.db
      .select()
      .from(ocpiOutbox)
      .where(and(eq(ocpiOutbox.partnerId, partner.id), eq(ocpiOutbox.objectKey, `location:${locationId}`)))
      .orderBy(ocpiOutbox.id);

  beforeAll(async () => {
    t = await createTestApp();
    partner = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: 'http://127.0.0.1:9', modules: ['locations'] });
    token = (await loginAs(t.app, 'SuperAdmin')).access_token;
    ids = await demoLocationIds(t.database.db);
    for (const key of published) expect((await web('PUT', `/web/locations/${ids[key]}/roaming`, { publishToRoaming: true })).statusCode).toBe(200);
    // Distinct, known last_updated values for the date filters.
    await t.database.db
      .update(locations)
      .set({ ocpiUpdatedAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(locations.id, ids[published[0]!]!));
    await t.database.db
      .update(locations)
      .set({ ocpiUpdatedAt: new Date('2026-02-01T00:00:00Z') })
      .where(eq(locations.id, ids[published[1]!]!));
  });
  afterAll(() => t.close());

  it('lists only published locations as valid Location objects, paged with X-Total-Count, X-Limit and Link', async () => {
    const { response, body } = await ocpi<OcpiLocation[]>('/locations?limit=1');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.headers['x-limit']).toBe(String(OCPI_MAX_PAGE_SIZE));
    expect(response.headers.link).toMatch(
      /^<http[^>]+\/ocpi\/2\.2\.1\/locations\?limit=1&offset=1>; rel="next"$|^<http[^>]+offset=1&limit=1>; rel="next"$/,
    );
    expect(body.data.map((location) => location.id)).toEqual([ids[published[0]!]]);
    const second = await ocpi<OcpiLocation[]>('/locations?offset=1&limit=1');
    expect(second.body.data.map((location) => location.id)).toEqual([ids[published[1]!]]);
    expect(second.response.headers.link).toBeUndefined();

    const all = (await ocpi<OcpiLocation[]>('/locations')).body.data;
    expect(all).toHaveLength(2);
    for (const location of all) {
      expect(ocpiLocationSchema.safeParse(location).error).toBeUndefined();
      expect(location).toMatchObject({
        country_code: 'US',
        party_id: 'WDK',
        publish: true,
        country: 'USA',
        opening_times: { twentyfourseven: true },
      });
      expect(location.evses!.length).toBeGreaterThan(0);
      for (const evse of location.evses!) {
        expect(evse.evse_id).toMatch(/^US\*WDK\*E[A-Z0-9*]+$/);
        expect(evse.last_updated <= location.last_updated).toBe(true);
        expect(evse.connectors[0]!.tariff_ids).toHaveLength(1);
      }
    }
  });

  it('filters on last_updated: date_from inclusive, date_to exclusive', async () => {
    const from = await ocpi<OcpiLocation[]>('/locations?date_from=2026-02-01T00:00:00Z');
    expect(from.body.data.map((location) => location.id)).toEqual([ids[published[1]!]]);
    expect(from.response.headers['x-total-count']).toBe('1');
    const to = await ocpi<OcpiLocation[]>('/locations?date_to=2026-02-01T00:00:00Z');
    expect(to.body.data.map((location) => location.id)).toEqual([ids[published[0]!]]);
    const bad = await ocpi<unknown>('/locations?date_from=yesterday');
    expect([bad.response.statusCode, bad.body.status_code]).toEqual([400, 2001]);
  });

  it('answers one Location, EVSE and Connector; unknown or unpublished ones are 404 with 2003', async () => {
    const id = ids[published[1]!]!;
    const location = (await ocpi<OcpiLocation>(`/locations/${id}`)).body.data;
    expect(ocpiLocationSchema.parse(location).id).toBe(id);
    const [chargerId, connector] = [location.evses![0]!.uid.replace(/-\d+$/, ''), Number(location.evses![0]!.uid.split('-').pop())];
    const uid = evseUidOf(chargerId, connector);
    const evse = await ocpi<unknown>(`/locations/${id}/${encodeURIComponent(uid)}`);
    expect(evse.response.statusCode).toBe(200);
    expect(ocpiEvseSchema.parse(evse.body.data)).toEqual(location.evses![0]);
    const plug = await ocpi<unknown>(`/locations/${id}/${encodeURIComponent(uid)}/1`);
    expect(ocpiConnectorSchema.parse(plug.body.data)).toEqual(location.evses![0]!.connectors[0]);

    for (const url of [
      `/locations/${ids['sj-diridon']}`,
      `/locations/00000000-0000-4000-8000-000000000000`,
      '/locations/not-a-uuid',
      `/locations/${id}/NO-SUCH-CHARGER-1`,
      `/locations/${id}/${encodeURIComponent(uid)}/2`,
      `/locations/${ids['sj-diridon']}/${encodeURIComponent(uid)}`,
    ]) {
      const { response, body } = await ocpi<unknown>(url);
      expect([url, response.statusCode, body.status_code]).toEqual([url, 404, 2003]);
    }
  });

  it('the switch: on queues a PUT of the Location; off a PUT with publish false and every EVSE REMOVED; audited', async () => {
    const id = ids['sj-santana-row']!;
    const on = await web('PUT', `/web/locations/${id}/roaming`, { publishToRoaming: true });
    expect(on.json()).toEqual({ locationId: id, publishToRoaming: true });
    expect((await web('GET', `/web/locations/location-by-id?locationId=${id}`)).json()).toMatchObject({ publishToRoaming: true, countryCode: 'USA' });
    const off = await web('PUT', `/web/locations/${id}/roaming`, { publishToRoaming: false });
    expect(off.statusCode).toBe(200);
    expect((await web('PUT', `/web/locations/${id}/roaming`, { publishToRoaming: false })).statusCode).toBe(200); // no change, no push

    const pushes = await queued(id);
    expect(pushes.map((push) => [push.method, push.path])).toEqual([
      ['PUT', `/US/WDK/${id}`],
      ['PUT', `/US/WDK/${id}`],
    ]);
    const [first, last] = pushes.map((push) => ocpiLocationSchema.parse(push.body));
    expect(first!.publish).toBe(true);
    expect(first!.evses!.every((evse) => evse.status !== 'REMOVED')).toBe(true);
    expect(last!.publish).toBe(false);
    expect(last!.evses!.map((evse) => evse.status)).toEqual(last!.evses!.map(() => 'REMOVED'));
    expect((await ocpi<unknown>(`/locations/${id}`)).response.statusCode).toBe(404);

    const logged = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, 'location.roaming'), eq(activityLogs.entityId, id)));
    expect(logged.map((row) => row.changes)).toEqual(
      expect.arrayContaining([{ publishToRoaming: { before: false, after: true } }, { publishToRoaming: { before: true, after: false } }]),
    );
    const unknown = await web('PUT', `/web/locations/00000000-0000-4000-8000-000000000000/roaming`, { publishToRoaming: true });
    expect(unknown.statusCode).toBe(404);
    expect((await web('PUT', `/web/locations/${id}/roaming`, { publishToRoaming: 'yes' })).statusCode).toBe(400);
  });

  it('an edit of a published location queues a PUT of the new object and moves last_updated; of an unpublished one, nothing', async () => {
    const id = ids[published[0]!]!;
    const before = (await ocpi<OcpiLocation>(`/locations/${id}`)).body.data.last_updated;
    expect((await web('PATCH', `/web/locations/${id}`, { name: 'Embarcadero Roaming Lot' })).statusCode).toBe(200);
    const [push] = (await queued(id)).filter((row) => row.method === 'PUT' && (row.body as OcpiLocation).name === 'Embarcadero Roaming Lot');
    expect(push?.path).toBe(`/US/WDK/${id}`);
    expect((await ocpi<OcpiLocation>(`/locations/${id}`)).body.data.last_updated > before).toBe(true);

    const hidden = ids['sj-diridon']!;
    expect((await web('PATCH', `/web/locations/${hidden}`, { name: 'Diridon Private Lot' })).statusCode).toBe(200);
    expect(await queued(hidden)).toEqual([]);
  });
  it('a charger added to a published location puts the Location; deleted, its EVSEs are PATCHed REMOVED first', async () => {
    const id = ids[published[1]!]!;
    const chargerId = `WD-ROAM-${Date.now()}`;
    const created = await t.app.inject(
      authed(token, {
        method: 'POST',
        url: '/web/chargers',
        payload: { locationId: id, chargerId, name: `Roaming ${chargerId}`, kind: 'smart', connectorTypes: ['J1772', 'CCS1'], maxPowerKw: 50 },
      }),
    );
    expect(created.statusCode).toBe(201);
    const afterCreate = (await queued(id)).at(-1)!;
    expect(afterCreate.method).toBe('PUT');
    const evses = ocpiLocationSchema.parse(afterCreate.body).evses!.filter((evse) => evse.uid.startsWith(chargerId));
    expect(evses.map((evse) => [evse.uid, evse.connectors[0]!.standard, evse.connectors[0]!.power_type])).toEqual([
      [evseUidOf(chargerId, 1), 'IEC_62196_T1', 'AC_1_PHASE'],
      [evseUidOf(chargerId, 2), 'IEC_62196_T1_COMBO', 'DC'],
    ]);

    const before = (await queued(id)).length;
    expect((await web('DELETE', `/web/chargers/${created.json<{ id: string }>().id}`)).statusCode).toBe(200);
    const pushes = (await queued(id)).slice(before);
    expect(pushes.map((push) => [push.method, push.path, (push.body as { status?: string }).status])).toEqual([
      ['PATCH', `/US/WDK/${id}/${evseUidOf(chargerId, 1)}`, 'REMOVED'],
      ['PATCH', `/US/WDK/${id}/${evseUidOf(chargerId, 2)}`, 'REMOVED'],
      ['PUT', `/US/WDK/${id}`, undefined],
    ]);
    expect(ocpiLocationSchema.parse(pushes[2]!.body).evses!.some((evse) => evse.uid.startsWith(chargerId))).toBe(false);
  });

  it('a page read again shows every change since: a connector status, a charger edit, a location edit', async () => {
    const locationId = ids[published[1]!]!;
    const read = async () => (await ocpi<OcpiLocation[]>('/locations?limit=100')).body.data.find((item) => item.id === locationId)!;
    const before = await read();
    const [first] = before.evses!;
    const [chargerId, connectorId] = [first!.uid.replace(/-\d+$/, ''), Number(first!.uid.split('-').pop())];
    const [charger] = await t.database.db.select({ id: chargers.id }).from(chargers).where(eq(chargers.chargerId, chargerId));
    // Online, so what its connector reports is what partners see (an offline charger's EVSEs read UNKNOWN).
    await t.database.db.update(chargers).set({ status: 'available' }).where(eq(chargers.id, charger!.id));
    const wanted = first!.status === 'CHARGING' ? 'Available' : 'Charging';
    await t.database.db
      .insert(connectorStates)
      .values({ chargerId: charger!.id, connectorId, status: wanted, reportedAt: new Date() })
      .onConflictDoUpdate({ target: [connectorStates.chargerId, connectorStates.connectorId], set: { status: wanted, reportedAt: new Date() } });
    expect((await read()).evses!.find((evse) => evse.uid === first!.uid)!.status).toBe(wanted === 'Charging' ? 'CHARGING' : 'AVAILABLE');

    await t.database.db.update(chargers).set({ maxPowerKw: 11.5 }).where(eq(chargers.id, charger!.id));
    expect((await read()).evses!.find((evse) => evse.uid === first!.uid)!.connectors[0]!.max_electric_power).toBe(11_500);

    await t.database.db.update(locations).set({ name: 'Jack London Square (renamed)' }).where(eq(locations.id, locationId));
    expect((await read()).name).toBe('Jack London Square (renamed)');
  });
});
