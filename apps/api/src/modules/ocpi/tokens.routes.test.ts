import { ocpiTokenSchema, type OcpiToken } from '@wattdesk/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestPartner, startOcpiPeer } from '../../../test/ocpi-peer.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

type Envelope = { status_code: number; status_message?: string; data?: unknown; timestamp: string };

const tokenOf = (overrides: Partial<OcpiToken> = {}): OcpiToken => ({
  country_code: 'NL',
  party_id: 'EMS',
  uid: `RT${Math.random().toString(16).slice(2, 12).toUpperCase()}`,
  type: 'RFID',
  contract_id: 'NL-EMS-C12345678-X',
  visual_number: 'DF000-2001-8999-1',
  issuer: 'Test eMSP',
  group_id: 'DF000-2001-8999',
  valid: true,
  whitelist: 'ALWAYS',
  last_updated: '2026-06-29T22:39:09Z',
  ...overrides,
});

/** The Tokens Receiver interface as an eMSP meets it (2.2.1 mod_tokens, "Receiver Interface"). */
describe('OCPI tokens receiver', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startOcpiPeer>>;
  let partner: Awaited<ReturnType<typeof connectTestPartner>>;
  let other: Awaited<ReturnType<typeof connectTestPartner>>;

  beforeAll(async () => {
    t = await createTestApp();
    peer = await startOcpiPeer();
    partner = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url });
    other = await connectTestPartner(t.database.db, t.config.jwtSecret, { peerUrl: peer.url, countryCode: 'DE', partyId: 'OTH', name: 'Other eMSP' });
  });
  afterAll(async () => {
    await peer.close();
    await t.close();
  });

  const call = async (method: 'GET' | 'PUT' | 'PATCH', path: string, payload?: unknown, authorization = partner.authorization) => {
    const response = await t.app.inject({
      method,
      url: `/ocpi/2.2.1/tokens/${path}`,
      headers: { authorization, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    return { status: response.statusCode, body: response.json<Envelope>() };
  };
  const pathOf = (token: OcpiToken) => `${token.country_code}/${token.party_id}/${token.uid}`;

  it('lists tokens as a RECEIVER endpoint in version details', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ocpi/2.2.1', headers: { authorization: partner.authorization } });
    const { endpoints } = response.json<Envelope>().data as { endpoints: { identifier: string; role: string; url: string }[] };
    expect(endpoints).toContainEqual({ identifier: 'tokens', role: 'RECEIVER', url: expect.stringMatching(/\/ocpi\/2\.2\.1\/tokens$/) });
  });

  it('stores a pushed token and answers it back by GET, whatever the case of the CiString path', async () => {
    const token = tokenOf();
    expect(await call('PUT', pathOf(token), token)).toMatchObject({ status: 200, body: { status_code: 1000 } });
    const read = await call('GET', `nl/ems/${token.uid.toLowerCase()}?type=RFID`);
    expect(read).toMatchObject({ status: 200, body: { status_code: 1000, data: token } });
    expect(ocpiTokenSchema.safeParse(read.body.data).success).toBe(true);
    // Another type under the same uid is another token.
    expect(await call('GET', `${pathOf(token)}?type=APP_USER`)).toMatchObject({ status: 404, body: { status_code: 2004 } });
  });

  it('applies a PATCH to the stored token, which must carry last_updated', async () => {
    const token = tokenOf();
    await call('PUT', pathOf(token), token);
    expect(await call('PATCH', pathOf(token), { valid: false, last_updated: '2026-07-01T10:00:00Z' })).toMatchObject({
      status: 200,
      body: { status_code: 1000 },
    });
    expect((await call('GET', pathOf(token))).body.data).toEqual({ ...token, valid: false, last_updated: '2026-07-01T10:00:00Z' });
    expect(await call('PATCH', pathOf(token), { valid: true })).toMatchObject({ status: 400, body: { status_code: 2001 } });
    expect((await call('GET', pathOf(token))).body.data).toMatchObject({ valid: false });
  });

  it('answers 404 / 2004 for a token it does not hold, on GET and PATCH', async () => {
    for (const method of ['GET', 'PATCH'] as const) {
      const answer = await call(
        method,
        'NL/EMS/NOSUCHTOKEN',
        method === 'PATCH' ? { valid: false, last_updated: '2026-07-01T10:00:00Z' } : undefined,
      );
      expect(answer).toMatchObject({ status: 404, body: { status_code: 2004 } });
    }
  });

  it("refuses a partner writing or reading another party's token, and a body that names another token than the URL", async () => {
    const mine = tokenOf();
    await call('PUT', pathOf(mine), mine);
    // The other partner (DE/OTH) may not overwrite, patch or read NL/EMS's token…
    const stolen = { ...mine, valid: false, whitelist: 'ALWAYS' as const };
    expect((await call('PUT', pathOf(mine), stolen, other.authorization)).status).toBe(403);
    expect((await call('PATCH', pathOf(mine), { valid: false, last_updated: '2026-07-02T00:00:00Z' }, other.authorization)).status).toBe(403);
    expect((await call('GET', pathOf(mine), undefined, other.authorization)).status).toBe(403);
    // …nor invent tokens for a party that is not its own.
    const foreign = tokenOf({ country_code: 'FR', party_id: 'ABC' });
    expect(await call('PUT', pathOf(foreign), foreign, other.authorization)).toMatchObject({ status: 403, body: { status_code: 2000 } });
    expect((await call('GET', pathOf(mine))).body.data).toMatchObject({ valid: true });

    const mismatched = [
      [`NL/EMS/${mine.uid}X`, mine],
      [`NL/EMX/${mine.uid}`, mine],
      [`${pathOf(mine)}?type=APP_USER`, mine],
    ] as const;
    for (const [path, body] of mismatched) expect(await call('PUT', path, body)).toMatchObject({ status: 400, body: { status_code: 2001 } });
    expect(await call('PATCH', pathOf(mine), { uid: 'OTHER', last_updated: '2026-07-02T00:00:00Z' })).toMatchObject({
      status: 400,
      body: { status_code: 2001 },
    });
  });

  it('answers hostile bodies and paths with 2001, never a 5xx, and stores nothing of them', async () => {
    const token = tokenOf();
    const hostile: unknown[] = [
      null,
      [],
      'token',
      42,
      {},
      { ...token, uid: undefined },
      { ...token, valid: 'yes' },
      { ...token, whitelist: 'SOMETIMES' },
      { ...token, type: 'BADGE' },
      { ...token, country_code: 'NLD' },
      { ...token, contract_id: 'x'.repeat(37) },
      { ...token, issuer: 'y'.repeat(100_000) },
      { ...token, last_updated: 'yesterday' },
      { ...token, last_updated: '2026-13-45T99:99:99Z' },
      { ...token, energy_contract: { contract_id: 'no supplier' } },
      { ...token, group_id: 'tab\there' },
      { ...token, default_profile_type: { $gt: '' } },
    ];
    for (const body of hostile) {
      const answer = await call('PUT', pathOf(token), body);
      expect(answer.status, JSON.stringify(body)?.slice(0, 80)).toBe(400);
      expect(answer.body.status_code).toBe(2001);
    }
    for (const patch of [null, { valid: 'no', last_updated: '2026-07-01T10:00:00Z' }, { whitelist: 1, last_updated: '2026-07-01T10:00:00Z' }]) {
      const answer = await call('PATCH', pathOf(token), patch);
      expect(answer).toMatchObject({ status: 400, body: { status_code: 2001 } });
    }
    for (const path of [`NL/EMS/${'Z'.repeat(37)}`, 'NLD/EMS/ABC', 'NL/EMS/ABC?type=BADGE', `NL/EMS/${encodeURIComponent('tab\there')}`]) {
      const answer = await call('GET', path);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.body.status_code, path).toBe(2001);
    }
    expect((await call('GET', pathOf(token))).status).toBe(404);
  });

  it('refuses a caller without a connected partner token', async () => {
    const token = tokenOf();
    const response = await t.app.inject({ method: 'PUT', url: `/ocpi/2.2.1/tokens/${pathOf(token)}`, payload: token });
    expect(response.statusCode).toBe(401);
  });
});
