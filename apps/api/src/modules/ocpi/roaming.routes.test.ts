import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activityLogs, ocpiOutbox, ocpiPartners } from '../../db/schema/index.ts';
import { connectTestPartner, serveEmspRegistration, startOcpiPeer, type OcpiPeer } from '../../../test/ocpi-peer.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import { authorizationHeaderOf, newCredentialsToken } from './transport/ocpi-token.ts';

type Partner = { id: string; status: string; countryCode: string | null; partyId: string | null; pendingPushes: number; failingPushes: number };

/** The Roaming screen's API: we register with partners, and invite them to register with us. */
describe('/web/roaming partners', () => {
  let t: TestApp;
  let peer: OcpiPeer;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    peer = await startOcpiPeer();
    admin = (await loginAs(t.app, 'SuperAdmin')).access_token;
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });
  beforeEach(() => peer.requests.splice(0));

  const web = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject(authed(token, { method, url: `/web/roaming/partners${url}`, ...(payload ? { payload } : {}) }));
  const logOf = async (id: string, action: string) =>
    (
      await t.database.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.entityId, id), eq(activityLogs.action, action)))
    )[0];
  const connect = (token: string, name = 'Peer eMSP') => web('POST', '/connect', { name, versionsUrl: `${peer.url}/versions`, token });

  it('connects to a partner: versions with its token A, our credentials POSTed, its token kept for later calls', async () => {
    const tokenA = newCredentialsToken();
    const peerState = serveEmspRegistration(peer, { accepted: [tokenA], partyId: 'CON' });
    const response = await connect(tokenA);
    expect(response.statusCode).toBe(200);
    const { partner } = response.json<{ partner: Partner }>();
    expect(partner).toMatchObject({ status: 'CONNECTED', countryCode: 'NL', partyId: 'CON', version: '2.2.1' });
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /versions', 'GET /2.2.1', 'POST /credentials']);
    const sent = peerState.received[0] as { token: string; url: string; roles: { role: string }[] };
    expect(sent).toMatchObject({ url: 'http://wattdesk.test/ocpi/versions', roles: [{ role: 'CPO', party_id: 'WDK', country_code: 'US' }] });
    // The partner now calls us with the token B we sent it.
    const ours = await t.app.inject({ method: 'GET', url: '/ocpi/2.2.1/credentials', headers: { authorization: authorizationHeaderOf(sent.token) } });
    expect(ours.statusCode).toBe(200);
    expect(await logOf(partner.id, 'roaming.partner.connected')).toBeDefined();

    // Re-register: PUT with the token the partner answered; our old token B stops working, the new one works.
    peer.requests.splice(0);
    const again = await web('POST', `/${partner.id}/reregister`);
    expect(again.statusCode).toBe(200);
    expect(peer.requests.map((r) => `${r.method} ${r.path} ${r.authorization}`)).toEqual([
      `GET /versions ${authorizationHeaderOf(peerState.issued[0]!)}`,
      `GET /2.2.1 ${authorizationHeaderOf(peerState.issued[0]!)}`,
      `PUT /credentials ${authorizationHeaderOf(peerState.issued[0]!)}`,
    ]);
    const rotated = (peerState.received[1] as { token: string }).token;
    const versionsWith = (token: string) =>
      t.app.inject({ method: 'GET', url: '/ocpi/versions', headers: { authorization: authorizationHeaderOf(token) } });
    expect((await versionsWith(sent.token)).statusCode).toBe(401);
    expect((await versionsWith(rotated)).statusCode).toBe(200);
    expect(await logOf(partner.id, 'roaming.partner.reregistered')).toBeDefined();

    // A second connection claiming the same party: 409, and the partner is told to forget that registration.
    const tokenA2 = newCredentialsToken();
    peerState.accepted.add(tokenA2);
    peer.requests.splice(0);
    const twice = await connect(tokenA2, 'Same party');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ROAMING_PARTY_EXISTS', msg: [expect.stringContaining('Peer eMSP')] });
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /versions', 'GET /2.2.1', 'POST /credentials', 'DELETE /credentials']);

    // Remove: the partner is told with DELETE, then the row is gone.
    peer.requests.splice(0);
    const removed = await web('DELETE', `/${partner.id}`);
    expect(removed.statusCode).toBe(200);
    expect(peer.requests.map((r) => `${r.method} ${r.path} ${r.authorization}`)).toEqual([
      `DELETE /credentials ${authorizationHeaderOf(peerState.issued[1]!)}`,
    ]);
    expect((await web('GET', '')).json<{ partners: Partner[] }>().partners.map((p) => p.id)).not.toContain(partner.id);
    expect((await logOf(partner.id, 'roaming.partner.removed'))?.changes).toMatchObject({ partnerNotified: { after: 'told' } });
  });

  it('answers 400 with the reason when the partner cannot be used, and keeps nothing', async () => {
    peer.respond(() => ({ status: 503, body: { status_code: 3000, status_message: 'down for maintenance', timestamp: new Date().toISOString() } }));
    const before = (await t.database.db.select().from(ocpiPartners)).length;
    const response = await connect(newCredentialsToken());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ROAMING_PARTNER_UNREACHABLE', msg: [expect.stringMatching(/HTTP 503 \(down for maintenance\)/)] });
    expect((await t.database.db.select().from(ocpiPartners)).length).toBe(before);
  });

  it('keeps the current tokens when a re-registration fails, and shows why', async () => {
    const { id, tokenB, authorization } = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url, partyId: 'FAI' });
    serveEmspRegistration(peer, { accepted: [tokenB], credentialsDown: true });
    const response = await web('POST', `/${id}/reregister`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ROAMING_PARTNER_UNREACHABLE', msg: [expect.stringContaining('PUT')] });
    expect(peer.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /versions', 'GET /2.2.1', 'PUT /credentials']);
    const shown = (await web('GET', '')).json<{ partners: (Partner & { lastFailure: string })[] }>().partners.find((p) => p.id === id);
    expect(shown?.lastFailure).toContain('HTTP 503');
    const versions = await t.app.inject({ method: 'GET', url: '/ocpi/versions', headers: { authorization } });
    expect(versions.statusCode).toBe(200);
  });

  it('invites (token A shown once), suspends and resumes, and counts what the outbox owes', async () => {
    const invited = await web('POST', '', { name: 'Invited eMSP' });
    expect(invited.statusCode).toBe(200);
    const body = invited.json<{ partner: Partner; registrationToken: string; versionsUrl: string }>();
    expect(body).toMatchObject({ partner: { status: 'PENDING' }, versionsUrl: 'http://wattdesk.test/ocpi/versions' });
    const versions = await t.app.inject({
      method: 'GET',
      url: '/ocpi/versions',
      headers: { authorization: authorizationHeaderOf(body.registrationToken) },
    });
    expect(versions.statusCode).toBe(200);
    expect(await logOf(body.partner.id, 'roaming.partner.invited')).toBeDefined();
    expect((await web('POST', `/${body.partner.id}/suspend`)).statusCode).toBe(409);

    const { id, authorization } = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url, partyId: 'SUS' });
    await t.database.db.insert(ocpiOutbox).values([
      { partnerId: id, module: 'locations', objectKey: 'L1', method: 'PUT', path: '/L1', body: {} },
      { partnerId: id, module: 'locations', objectKey: 'L2', method: 'PUT', path: '/L2', body: {}, attempts: 2 },
      { partnerId: id, module: 'locations', objectKey: 'L3', method: 'PUT', path: '/L3', body: {}, deliveredAt: new Date() },
    ]);
    const listed = (await web('GET', '')).json<{ partners: Partner[] }>().partners.find((p) => p.id === id);
    expect(listed).toMatchObject({ pendingPushes: 2, failingPushes: 1 });

    const suspended = await web('POST', `/${id}/suspend`);
    expect(suspended.json()).toMatchObject({ partner: { status: 'SUSPENDED' } });
    expect(await logOf(id, 'roaming.partner.suspended')).toMatchObject({ changes: { status: { before: 'CONNECTED', after: 'SUSPENDED' } } });
    const credentials = await t.app.inject({ method: 'GET', url: '/ocpi/versions', headers: { authorization } });
    expect(credentials.statusCode).toBe(200);
    expect((await web('POST', `/${id}/resume`)).json()).toMatchObject({ partner: { status: 'CONNECTED' } });
    expect((await web('POST', `/${id}/resume`)).statusCode).toBe(409);
  });

  it('lets the read-only super admin see partners but change nothing; unknown ids are 404', async () => {
    const readonly = (await loginAs(t.app, 'ReadonlySuperAdmin')).access_token;
    expect((await web('GET', '', undefined, readonly)).statusCode).toBe(200);
    expect((await web('POST', '', { name: 'Not allowed' }, readonly)).statusCode).toBe(403);
    expect((await web('POST', '/00000000-0000-4000-8000-000000000000/suspend')).json()).toMatchObject({ code: 'ROAMING_PARTNER_NOT_FOUND' });
  });
});

describe('/web/roaming with production URL rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { OCPI_ALLOW_PRIVATE_PARTNER_URLS: 'false' } });
  });
  afterAll(() => t.close());

  it('refuses to connect to a partner on a private address, saying so', async () => {
    const admin = (await loginAs(t.app, 'SuperAdmin')).access_token;
    const response = await t.app.inject(
      authed(admin, {
        method: 'POST',
        url: '/web/roaming/partners/connect',
        payload: { name: 'Inside', versionsUrl: 'http://10.1.2.3/versions', token: 'abc' },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'ROAMING_PARTNER_UNREACHABLE', msg: [expect.stringContaining('private or local network')] });
  });
});
