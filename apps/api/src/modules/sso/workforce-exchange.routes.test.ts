import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, users } from '../../db/schema/index.ts';
import { startTestIssuer, type TestIssuer } from '../../../test/oidc-issuer.ts';
import { authed, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

const CLIENT_ID = 'wattdesk-workforce-test';
const VERIFIER = 'a-secret-only-the-browser-that-started-the-sign-in-knows';
const NONCE = createHash('sha256').update(VERIFIER).digest('base64url');

let issuer: TestIssuer;
let other: TestIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startTestIssuer('/oauth2/workforce');
  other = await startTestIssuer('/oauth2/elsewhere');
  t = await createTestApp({
    env: { OIDC_WORKFORCE_ISSUER: issuer.issuer, OIDC_WORKFORCE_CLIENT_ID: CLIENT_ID, OIDC_WORKFORCE_DOMAINS: 'staff.example.org, @ops.example.org' },
  });
});
afterAll(async () => {
  await t.close();
  await issuer.close();
  await other.close();
});

const idToken = (claims: Record<string, unknown> = {}, options?: Parameters<TestIssuer['sign']>[1]) =>
  issuer.sign(
    {
      sub: 'dir-1',
      aud: CLIENT_ID,
      nonce: NONCE,
      email: 'kai.lee@staff.example.org',
      given_name: 'Kai',
      family_name: 'Lee',
      groups: ['Super Admin Access'],
      ...claims,
    },
    options,
  );

const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');

const exchange = (token: string, nonceVerifier = VERIFIER) =>
  t.app.inject({ method: 'POST', url: '/web/tokens-exchange/workforce-tokens', payload: { idToken: token, nonceVerifier } });

const userRow = async (email: string) => (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const activities = (action: string, email: string) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.action, action), eq(activityLogs.actorEmail, email)));

describe('POST /web/tokens-exchange/workforce-tokens', () => {
  it('signs a Super Admin Access member in as SuperAdmin, creating the workforce row, with a working session', async () => {
    const response = await exchange(await idToken());
    expect(response.statusCode).toBe(200);
    const body = json<{ accessToken: string; refreshToken: string; userType: string; email: string; firstName: string; locations: string[] }>(
      response,
    );
    expect(body).toMatchObject({ userType: 'SuperAdmin', email: 'kai.lee@staff.example.org', firstName: 'Kai', lastName: 'Lee', locations: [] });
    expect(await userRow('kai.lee@staff.example.org')).toMatchObject({ authProvider: 'workforce', userType: 'SuperAdmin', passwordHash: null });
    const list = await t.app.inject(authed(body.accessToken, { method: 'GET', url: '/web/locations' }));
    expect(list.statusCode).toBe(200);
    const [login] = await activities('auth.login', 'kai.lee@staff.example.org');
    expect(login?.changes).toEqual({ method: { before: null, after: 'workforce-sso' } });
    const refreshed = await t.app.inject({ method: 'POST', url: '/web/users/refresh-token', payload: { token: body.refreshToken } });
    expect(refreshed.statusCode).toBe(200);
  });

  it('takes the type from the groups on every sign-in', async () => {
    const response = await exchange(await idToken({ groups: ['Everyone', 'Read Only Super Admin Access'] }));
    expect(json(response)).toMatchObject({ userType: 'ReadonlySuperAdmin' });
    expect(await userRow('kai.lee@staff.example.org')).toMatchObject({ userType: 'ReadonlySuperAdmin' });
  });

  it('refuses a member of no mapped group (None) with a clear 403, records it, and ends their earlier sign-ins', async () => {
    const earlier = json<{ accessToken: string }>(await exchange(await idToken({ groups: ['Super Admin Access'] })));
    const response = await exchange(await idToken({ groups: ['Everyone'] }));
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({
      code: 'WORKFORCE_NO_ACCESS',
      msg: [expect.stringContaining('not in a group that may use the dashboard')],
    });
    expect(await userRow('kai.lee@staff.example.org')).toMatchObject({ userType: 'None' });
    const [refusal] = await activities('auth.sso_refused', 'kai.lee@staff.example.org');
    expect(refusal?.changes).toMatchObject({ reason: { after: 'WORKFORCE_NO_ACCESS' }, provider: { after: 'workforce' } });
    expect((await t.app.inject(authed(earlier.accessToken, { method: 'GET', url: '/web/locations' }))).statusCode).toBe(401);
  });

  it('a directory user without a groups claim at all is None too', async () => {
    const response = await exchange(await idToken({ email: 'no.groups@staff.example.org', sub: 'dir-2', groups: null }));
    expect(response.statusCode).toBe(403);
  });

  const refusals: [string, () => Promise<string>, string][] = [
    ['forged (signed with a key the issuer never published)', () => idToken({}, { key: issuer.foreignKey }), 'SSO_TOKEN_BAD_SIGNATURE'],
    ['expired', () => idToken({ iat: Math.floor(Date.now() / 1000) - 900, exp: Math.floor(Date.now() / 1000) - 600 }), 'SSO_TOKEN_EXPIRED'],
    ['for another audience', () => idToken({ aud: 'some-other-app' }), 'SSO_TOKEN_WRONG_AUDIENCE'],
    ['for several audiences without us as authorized party', () => idToken({ aud: [CLIENT_ID, 'other'], azp: 'other' }), 'SSO_TOKEN_WRONG_AUDIENCE'],
    ['naming another issuer (signed with the right key)', () => idToken({ iss: other.issuer }), 'SSO_TOKEN_WRONG_ISSUER'],
    [
      'from another issuer altogether',
      () => other.sign({ sub: 'x', aud: CLIENT_ID, nonce: NONCE, email: 'kai.lee@staff.example.org', groups: ['Super Admin Access'] }),
      'SSO_TOKEN_WRONG_ISSUER',
    ],
    ['without a signature (alg none)', async () => `${unsignedHeader}.${(await idToken()).split('.')[1]}.`, 'SSO_TOKEN_INVALID'],
    ['with its signature cut off', async () => `${(await idToken()).split('.').slice(0, 2).join('.')}.`, 'SSO_TOKEN_BAD_SIGNATURE'],
    ['not a JWT at all', async () => 'opaque-access-token-value', 'SSO_TOKEN_INVALID'],
  ];

  it.each(refusals)('refuses a token that is %s with 401 and a message', async (_name, make, code) => {
    const response = await exchange(await make());
    expect(response.statusCode).toBe(401);
    const body = json<{ code: string; msg: string[] }>(response);
    expect(body.code).toBe(code);
    expect(body.msg[0]).toMatch(/\w+ \w+/);
  });

  it('refuses a token whose nonce was not made from the presented secret (started in another browser)', async () => {
    const response = await exchange(await idToken(), 'someone-elses-secret');
    expect(response.statusCode).toBe(401);
    expect(json(response)).toMatchObject({ code: 'SSO_NONCE_MISMATCH', msg: ['The sign-in was not started in this browser. Please sign in again'] });
    expect((await exchange(await idToken({ nonce: null }))).statusCode).toBe(401);
  });

  it('records refusals of unverifiable tokens without trusting the e-mail inside them', async () => {
    await exchange(await idToken({ email: 'mallory@staff.example.org' }, { key: issuer.foreignKey }));
    const rows = await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'auth.sso_refused'));
    const forged = rows.find((row) => (row.changes as Record<string, { after: unknown }>).reason?.after === 'SSO_TOKEN_BAD_SIGNATURE');
    expect(forged).toMatchObject({ actorEmail: null, actorUserId: null });
  });

  it('validates the body like every other call', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/web/tokens-exchange/workforce-tokens', payload: { idToken: ' ' } });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ msg: expect.arrayContaining(['idToken Field is required']) });
  });

  it('routes e-mails of the workforce domains to the workforce sign-in, with or without a row', async () => {
    for (const email of ['new.person@staff.example.org', 'Someone@OPS.example.org', 'kai.lee@staff.example.org']) {
      const response = await t.app.inject({ method: 'POST', url: '/web/authentication-method', payload: { userEmail: email } });
      expect(json(response)).toEqual({ authenticationMethod: 'workforce-sso' });
    }
    const other = await t.app.inject({ method: 'POST', url: '/web/authentication-method', payload: { userEmail: 'admin@example.com' } });
    expect(json(other)).toEqual({ authenticationMethod: 'password' });
  });

  it('a workforce account no longer opens with a local password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      payload: { email: 'kai.lee@staff.example.org', password: 'Charge#2026' },
    });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ code: 'SSO_ACCOUNT' });
  });
});
