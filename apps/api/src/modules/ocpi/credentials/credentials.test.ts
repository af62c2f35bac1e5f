import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, ocpiPartners } from '../../../db/schema/index.ts';
import { startOcpiPeer, serveEmspRegistration, type OcpiPeer } from '../../../../test/ocpi-peer.ts';
import { createTestApp, type TestApp } from '../../../../test/test-app.ts';
import { ocpiCredentialsBox } from '../partner-credentials.ts';
import { authorizationHeaderOf, hashCredentialsToken, newCredentialsToken } from '../transport/ocpi-token.ts';

type Envelope = {
  status_code: number;
  status_message?: string;
  data?: { token: string; url: string; roles: { role: string; party_id: string; country_code: string }[] };
};

/** A partner registers with us (we are the credentials server), 2.2.1 "Credentials module". */
describe('OCPI credentials as the server', () => {
  let t: TestApp;
  let peer: OcpiPeer;
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    peer = await startOcpiPeer();
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });
  beforeEach(() => peer.requests.splice(0));

  const invite = async () => {
    const tokenA = newCredentialsToken();
    const [row] = await t.database.db
      .insert(ocpiPartners)
      .values({ name: `Invited ${tokenA.slice(0, 6)}`, incomingTokenHash: hashCredentialsToken(tokenA) })
      .returning({ id: ocpiPartners.id });
    return { id: row!.id, tokenA };
  };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', token: string, payload?: object) =>
    t.app.inject({
      method,
      url: '/ocpi/2.2.1/credentials',
      headers: { authorization: authorizationHeaderOf(token) },
      ...(payload ? { payload } : {}),
    });
  const theirCredentials = (token: string, partyId = 'EMS') => ({
    token,
    url: `${peer.url}/versions`,
    roles: [{ role: 'EMSP', country_code: 'NL', party_id: partyId, business_details: { name: 'Peer eMSP' } }],
  });
  const partner = async (id: string) => (await t.database.db.select().from(ocpiPartners).where(eq(ocpiPartners.id, id)))[0];
  const versionsWith = (token: string) =>
    t.app.inject({ method: 'GET', url: '/ocpi/versions', headers: { authorization: authorizationHeaderOf(token) } });

  it('registers with token A: reads the versions with the token B it sent, answers token C, and token A ends', async () => {
    const { id, tokenA } = await invite();
    const tokenB = newCredentialsToken();
    serveEmspRegistration(peer, { accepted: [tokenB] });

    const response = await call('POST', tokenA, theirCredentials(tokenB));
    expect(response.statusCode).toBe(200);
    const body = response.json<Envelope>();
    expect(body.status_code).toBe(1000);
    expect(body.data).toEqual({
      token: expect.any(String),
      url: 'http://wattdesk.test/ocpi/versions',
      roles: [{ role: 'CPO', party_id: 'WDK', country_code: 'US', business_details: { name: expect.any(String) } }],
    });
    const tokenC = body.data!.token;
    expect(tokenC).not.toBe(tokenA);
    expect(peer.requests.map((r) => `${r.method} ${r.path} ${r.authorization}`)).toEqual([
      `GET /versions ${authorizationHeaderOf(tokenB)}`,
      `GET /2.2.1 ${authorizationHeaderOf(tokenB)}`,
    ]);

    const row = await partner(id);
    expect(row).toMatchObject({ status: 'CONNECTED', countryCode: 'NL', partyId: 'EMS', version: '2.2.1', incomingTokenKind: 'C' });
    expect(row!.endpoints.map((e) => e.identifier)).toEqual(['credentials', 'locations', 'tokens']);
    expect(ocpiCredentialsBox(t.config.jwtSecret).open(row!.outgoingTokenSealed!)).toBe(tokenB);

    expect((await versionsWith(tokenA)).statusCode).toBe(401);
    expect((await versionsWith(tokenC)).statusCode).toBe(200);
    const current = await call('GET', tokenC);
    expect(current.json<Envelope>().data?.token).toBe(tokenC);
    // A second registration of a registered partner: 405, and nothing about it changes.
    const again = await call('POST', tokenC, theirCredentials(newCredentialsToken()));
    expect(again.statusCode).toBe(405);
    expect(again.json<Envelope>().status_code).toBe(2000);
    expect((await partner(id))!.outgoingTokenSealed).toBe(row!.outgoingTokenSealed);
    const [logged] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, id));
    expect(logged).toMatchObject({ action: 'roaming.partner.registered', actorUserId: null });
    expect(JSON.stringify(logged!.changes)).not.toContain(tokenB);
  });

  it('PUT rotates: the new token reads the versions, a new token C replaces the old one', async () => {
    const { id, tokenA } = await invite();
    const tokenB = newCredentialsToken();
    const peerState = serveEmspRegistration(peer, { accepted: [tokenB], partyId: 'PUT' });
    const tokenC = (await call('POST', tokenA, theirCredentials(tokenB, 'PUT'))).json<Envelope>().data!.token;
    const tokenB2 = newCredentialsToken();
    peerState.accepted.add(tokenB2);
    peer.requests.splice(0);

    const response = await call('PUT', tokenC, theirCredentials(tokenB2, 'PUT'));
    expect(response.statusCode).toBe(200);
    const tokenC2 = response.json<Envelope>().data!.token;
    expect(tokenC2).not.toBe(tokenC);
    expect(peer.requests[0]!.authorization).toBe(authorizationHeaderOf(tokenB2));
    expect((await versionsWith(tokenC)).statusCode).toBe(401);
    expect((await versionsWith(tokenC2)).statusCode).toBe(200);
    expect(ocpiCredentialsBox(t.config.jwtSecret).open((await partner(id))!.outgoingTokenSealed!)).toBe(tokenB2);
  });

  it('DELETE unregisters: the partner and its token are gone; PUT and DELETE before registering are 405', async () => {
    const { id, tokenA } = await invite();
    expect((await call('PUT', tokenA, theirCredentials(newCredentialsToken()))).statusCode).toBe(405);
    expect((await call('DELETE', tokenA)).statusCode).toBe(405);
    const tokenB = newCredentialsToken();
    serveEmspRegistration(peer, { accepted: [tokenB], partyId: 'DEL' });
    const tokenC = (await call('POST', tokenA, theirCredentials(tokenB, 'DEL'))).json<Envelope>().data!.token;

    const response = await call('DELETE', tokenC);
    expect(response.statusCode).toBe(200);
    expect(response.json<Envelope>().status_code).toBe(1000);
    expect(await partner(id)).toBeUndefined();
    expect((await versionsWith(tokenC)).statusCode).toBe(401);
  });

  it("answers 3001 when the partner's API cannot be used, and 3002 without a common version; nothing changes", async () => {
    const { id, tokenA } = await invite();
    serveEmspRegistration(peer, { accepted: [] });
    const refused = await call('POST', tokenA, theirCredentials(newCredentialsToken()));
    expect(refused.statusCode).toBe(200);
    expect(refused.json<Envelope>()).toMatchObject({ status_code: 3001, status_message: expect.stringContaining('HTTP 401') });

    const tokenB = newCredentialsToken();
    serveEmspRegistration(peer, { accepted: [tokenB], versions: ['2.1.1'] });
    const old = await call('POST', tokenA, theirCredentials(tokenB));
    expect(old.json<Envelope>()).toMatchObject({ status_code: 3002, status_message: expect.stringContaining('2.1.1') });

    expect(await partner(id)).toMatchObject({ status: 'PENDING', incomingTokenKind: 'A', outgoingTokenSealed: null });
    expect((await versionsWith(tokenA)).statusCode).toBe(200);
  });

  it('refuses a party another connection holds with 409, leaving the newcomer unregistered', async () => {
    const first = await invite();
    const second = await invite();
    const tokenB = newCredentialsToken();
    const tokenB2 = newCredentialsToken();
    serveEmspRegistration(peer, { accepted: [tokenB, tokenB2], partyId: 'DUP' });
    expect((await call('POST', first.tokenA, theirCredentials(tokenB, 'DUP'))).statusCode).toBe(200);
    const response = await call('POST', second.tokenA, theirCredentials(tokenB2, 'DUP'));
    expect(response.statusCode).toBe(409);
    expect(response.json<Envelope>()).toMatchObject({ status_code: 2000, status_message: expect.stringContaining('NL/DUP') });
    expect(await partner(second.id)).toMatchObject({ status: 'PENDING', incomingTokenKind: 'A' });
  });

  it('refuses a body that is not a Credentials object with 400 / 2001', async () => {
    const { tokenA } = await invite();
    const response = await call('POST', tokenA, { token: 'has space', url: 'not a url', roles: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json<Envelope>().status_code).toBe(2001);
  });
});

describe('OCPI credentials as the server, with production URL rules', () => {
  let t: TestApp;
  let peer: OcpiPeer;
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: { OCPI_ALLOW_PRIVATE_PARTNER_URLS: 'false' } });
    peer = await startOcpiPeer();
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  it('never calls a versions URL on a loopback address: 3001, and the partner stays unregistered', async () => {
    const tokenA = newCredentialsToken();
    await t.database.db.insert(ocpiPartners).values({ name: 'SSRF attempt', incomingTokenHash: hashCredentialsToken(tokenA) });
    const tokenB = newCredentialsToken();
    serveEmspRegistration(peer, { accepted: [tokenB] });
    for (const url of [`${peer.url}/versions`, 'http://[::1]:9/versions', 'http://169.254.169.254/latest', 'http://localhost:9/versions']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/ocpi/2.2.1/credentials',
        headers: { authorization: authorizationHeaderOf(tokenA) },
        payload: { token: tokenB, url, roles: [{ role: 'EMSP', country_code: 'NL', party_id: 'EMS', business_details: { name: 'x' } }] },
      });
      expect(response.json<Envelope>()).toMatchObject({ status_code: 3001, status_message: expect.stringContaining('private or local network') });
    }
    expect(peer.requests).toEqual([]);
  });
});
