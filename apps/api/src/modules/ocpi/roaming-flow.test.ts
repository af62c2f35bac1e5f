import { evseUidOf, ocpiCdrSchema, ocpiLocationSchema, ocpiSessionSchema, type SessionDetail, type SessionListResponse } from '@wattdesk/shared';
import type { MeterValuesRequest } from '@wattdesk/shared/ocpp/ocpp16';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargers } from '../../db/schema/index.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { startOcpiPeer, type OcpiPeer, type PeerRequest } from '../../../test/ocpi-peer.ts';
import { authorizationHeaderOf, newCredentialsToken } from './transport/ocpi-token.ts';

type Envelope<T = unknown> = { status_code: number; status_message?: string; data: T };

/**
 * Issue 42's whole flow with an eMSP played by an HTTP server in the test: it registers with the token A an
 * operator issued on the Roaming screen, pulls our locations, pushes a driver's token, the driver charges with it at
 * a simulated 1.6J charger, the eMSP receives the session and a CDR priced to the cent as our own sessions API says,
 * and a START_SESSION command reaches the charger and its result reaches the eMSP.
 */
describe('OCPI roaming, end to end: register → locations → token → charge → session and CDR → START_SESSION', () => {
  let t: OcppTestApp;
  let peer: OcpiPeer;
  const tokenB = newCredentialsToken();
  let tokenC = '';
  let charger: { id: string; chargerId: string; ocppPassword: string };
  const location = () => t.locations['oak-jack-london']!;
  /** What the eMSP received, by path, in arrival order. */
  const receivedAt = (prefix: string) => peer.requests.filter((request) => request.path.startsWith(prefix));
  const ocpi = <T>(method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app
      .inject({ method, url, headers: { authorization: authorizationHeaderOf(tokenC) }, ...(payload ? { payload } : {}) })
      .then((response) => ({ status: response.statusCode, headers: response.headers, body: response.json<Envelope<T>>() }));
  /** The eMSP's server: its versions and endpoints (behind the token B it gave us), and 1000 to every push. */
  const emsp = (request: PeerRequest) => {
    const ok = (data?: unknown) => ({ body: { ...(data === undefined ? {} : { data }), status_code: 1000, timestamp: new Date().toISOString() } });
    if (request.authorization !== authorizationHeaderOf(tokenB))
      return { status: 401, body: { status_code: 2000, timestamp: new Date().toISOString() } };
    if (request.path === '/versions') return ok([{ version: '2.2.1', url: `${peer.url}/2.2.1` }]);
    if (request.path === '/2.2.1')
      return ok({
        version: '2.2.1',
        endpoints: [
          ...['credentials', 'locations', 'sessions', 'cdrs', 'tariffs'].map((identifier) => ({
            identifier,
            role: 'RECEIVER',
            url: `${peer.url}/${identifier}`,
          })),
          ...['tokens', 'commands'].map((identifier) => ({ identifier, role: 'SENDER', url: `${peer.url}/${identifier}` })),
        ],
      });
    return ok();
  };
  const meter = (transactionId: number, at: string, wh: number): MeterValuesRequest => ({
    connectorId: 1,
    transactionId,
    meterValue: [{ timestamp: at, sampledValue: [{ value: String(wh), unit: 'Wh' }] }],
  });

  beforeAll(async () => {
    t = await startOcppApp({ env: { OCPI_OUTBOX_POLL_MS: '0' } });
    peer = await startOcpiPeer();
    peer.respond(emsp);
    charger = await t.registerCharger('oak-jack-london');
    // A charger is offered to partners with the plugs it lists (a driver must know whether theirs fits).
    await t.database.db
      .update(chargers)
      .set({ connectorTypes: ['J1772'] })
      .where(eq(chargers.id, charger.id));
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  it('registers the eMSP with the token A the Roaming screen issued, and the screen shows it connected', async () => {
    const invited = await t.api('POST', '/web/roaming/partners', { name: 'Peer Mobility' });
    expect(invited.status).toBe(200);
    const tokenA = invited.body.registrationToken as string;
    expect(invited.body.versionsUrl).toBe(`${t.config.publicUrl}/ocpi/versions`);

    const registered = await t.app.inject({
      method: 'POST',
      url: '/ocpi/2.2.1/credentials',
      headers: { authorization: authorizationHeaderOf(tokenA) },
      payload: {
        token: tokenB,
        url: `${peer.url}/versions`,
        roles: [{ role: 'EMSP', country_code: 'NL', party_id: 'EMS', business_details: { name: 'Peer Mobility' } }],
      },
    });
    expect(registered.statusCode).toBe(200);
    const credentials = registered.json<Envelope<{ token: string; roles: { role: string; party_id: string }[] }>>();
    expect(credentials.data.roles).toEqual([expect.objectContaining({ role: 'CPO', party_id: t.config.ocpi.partyId })]);
    tokenC = credentials.data.token;
    expect(tokenC).not.toBe(tokenA);

    const partners = (await t.api('GET', '/web/roaming/partners')).body.partners as { name: string; status: string; partyId: string }[];
    expect(partners).toContainEqual(expect.objectContaining({ name: 'Peer Mobility', status: 'CONNECTED', countryCode: 'NL', partyId: 'EMS' }));
  });

  it('the eMSP pulls a published location with our charger as an EVSE', async () => {
    expect((await t.api('PUT', `/web/locations/${location()}/roaming`, { publishToRoaming: true })).status).toBe(200);
    const page = await ocpi<unknown[]>('GET', '/ocpi/2.2.1/locations?limit=100');
    expect(page.status).toBe(200);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThanOrEqual(1);
    const ours = page.body.data.map((item) => ocpiLocationSchema.parse(item)).find((item) => item.id === location());
    expect(ours?.evses?.map((evse) => evse.uid)).toContain(evseUidOf(charger.chargerId, 1));
  });

  it('a pushed token charges at the charger; the eMSP gets the session and a CDR priced to the cent', async () => {
    const uid = 'EMS-RFID-0042';
    const token = {
      country_code: 'NL',
      party_id: 'EMS',
      uid,
      type: 'RFID',
      contract_id: 'NL-EMS-C00042',
      issuer: 'Peer Mobility',
      valid: true,
      whitelist: 'ALWAYS',
      last_updated: '2026-12-07T06:00:00Z',
    };
    expect((await ocpi('PUT', `/ocpi/2.2.1/tokens/NL/EMS/${uid}?type=RFID`, token)).status).toBe(200);

    const simulator = t.simulate(charger);
    await simulator.connect();
    expect((await simulator.call('Authorize', { idTag: uid })).idTagInfo.status).toBe('Accepted');
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const start = await simulator.call('StartTransaction', { connectorId: 1, idTag: uid, meterStart: 0, timestamp: at(0) });
    expect(start.idTagInfo.status).toBe('Accepted');
    await simulator.call('MeterValues', meter(start.transactionId, at(30), 5_000));
    await simulator.call('StopTransaction', { transactionId: start.transactionId, meterStop: 10_000, timestamp: at(60), reason: 'Local' });
    await t.app.ocpiOutbox.tick();

    const list = (await t.api('GET', `/web/sessions?locationId=${location()}&chargerId=${charger.id}`)).body as unknown as SessionListResponse;
    const sessionId = list.items.find((item) => item.idTag === uid)!.id;
    const ours = (await t.api('GET', `/web/sessions/${sessionId}`)).body as unknown as SessionDetail;
    expect(ours.price).toMatchObject({ final: true, energyWh: 10_000 });

    const sessionPushes = receivedAt(`/sessions/${t.config.ocpi.countryCode}/${t.config.ocpi.partyId}/${sessionId}`);
    // PUT when it starts, PATCHes of its progress when the meter values were stored before the stop, PUT at the end.
    const seen = sessionPushes.map((request) => `${request.method} ${(request.body as { status?: string }).status ?? ''}`.trim());
    expect([seen[0], seen.at(-1)]).toEqual(['PUT ACTIVE', 'PUT COMPLETED']);
    expect(seen.slice(1, -1).every((line) => line === 'PATCH')).toBe(true);
    const completed = ocpiSessionSchema.parse(sessionPushes.at(-1)!.body);
    expect(completed.cdr_token).toMatchObject({ uid, contract_id: 'NL-EMS-C00042' });
    const [cdrPush] = receivedAt('/cdrs');
    const cdr = ocpiCdrSchema.parse(cdrPush!.body);
    expect(cdrPush!.method).toBe('POST');
    expect(cdr).toMatchObject({ session_id: sessionId, total_energy: 10, currency: ours.price!.currency });
    expect(Math.round(cdr.total_cost.excl_vat * 100)).toBe(ours.price!.total);

    // The eMSP can also pull it, and it is the same CDR.
    const cdrs = await ocpi<{ id: string; total_cost: { excl_vat: number } }[]>('GET', '/ocpi/2.2.1/cdrs');
    expect(cdrs.body.data.find((item) => item.id === cdr.id)?.total_cost.excl_vat).toBe(cdr.total_cost.excl_vat);
  });

  it('START_SESSION by command reaches the charger, and its result reaches the eMSP at its response_url', async () => {
    const responseUrl = `${peer.url}/commands/START_SESSION/flow-1`;
    const answer = await ocpi<{ result: string }>('POST', '/ocpi/2.2.1/commands/START_SESSION', {
      response_url: responseUrl,
      token: {
        country_code: 'NL',
        party_id: 'EMS',
        uid: 'EMS-APP-0007',
        type: 'APP_USER',
        contract_id: 'NL-EMS-C00007',
        issuer: 'Peer Mobility',
        valid: true,
        whitelist: 'ALLOWED',
        last_updated: '2026-12-07T06:00:00Z',
      },
      location_id: location(),
      evse_uid: evseUidOf(charger.chargerId, 1),
      connector_id: '1',
    });
    expect(answer.body).toMatchObject({ status_code: 1000, data: { result: 'ACCEPTED' } });
    await eventually(async () => {
      await t.app.ocpiOutbox.tick();
      expect(receivedAt('/commands/START_SESSION/flow-1').map((request) => request.body)).toEqual([{ result: 'ACCEPTED' }]);
    });
  });
});
