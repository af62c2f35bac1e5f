import { calculateJwkThumbprint, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, systemEvents, users } from '../../db/schema/index.ts';
import { startTestIssuer, type TestIssuer } from '../../../test/oidc-issuer.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';

const CLIENT_ID = 'wattdesk-customer-test';
const AUDIENCE = 'api://default';
const URL_PATH = '/web/tokens-exchange/okta-customer-admins-tokens';

let issuer: TestIssuer;
let t: TestApp;
let browserKey: { privateKey: CryptoKey; publicKey: CryptoKey };
let jkt: string;

beforeAll(async () => {
  issuer = await startTestIssuer('/oauth2/default');
  t = await createTestApp({ env: { OIDC_CUSTOMER_ISSUER: issuer.issuer, OIDC_CUSTOMER_CLIENT_ID: CLIENT_ID, OIDC_CUSTOMER_AUDIENCE: AUDIENCE } });
  browserKey = await generateKeyPair('RS256', { modulusLength: 2048 });
  jkt = await calculateJwkThumbprint(await exportJWK(browserKey.publicKey));
});
afterAll(async () => {
  await t.close();
  await issuer.close();
});

const accessToken = (claims: Record<string, unknown> = {}, options?: Parameters<TestIssuer['sign']>[1]) =>
  issuer.sign({ sub: 'host.admin@example.net', aud: AUDIENCE, cid: CLIENT_ID, scp: ['openid', 'email'], jti: randomUUID(), ...claims }, options);

const exchange = (oktaAccessToken: string, dpop?: string) =>
  t.app.inject({ method: 'POST', url: URL_PATH, payload: { oktaAccessToken }, headers: dpop ? { dpop } : {} });

const proof = async (token: string, overrides: Record<string, unknown> = {}, key = browserKey) =>
  new SignJWT({
    htm: 'POST',
    htu: `http://wattdesk.test${URL_PATH}`,
    jti: randomUUID(),
    iat: Math.floor(Date.now() / 1000),
    ath: createHash('sha256').update(token).digest('base64url'),
    ...overrides,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'dpop+jwt', jwk: await exportJWK(key.publicKey) })
    .sign(key.privateKey);

describe('POST /web/tokens-exchange/okta-customer-admins-tokens (spec section 7)', () => {
  it('answers the spec’s fields for an active customer admin, with their locations', async () => {
    const response = await exchange(await accessToken());
    expect(response.statusCode).toBe(200);
    const body = json<Record<string, unknown>>(response);
    expect(Object.keys(body).sort()).toEqual(
      ['accessToken', 'email', 'firstName', 'lastName', 'locations', 'phoneNumber', 'refreshToken', 'userId', 'userType'].sort(),
    );
    expect(body).toMatchObject({
      email: 'host.admin@example.net',
      userType: 'PortfolioManager',
      firstName: 'Harper',
      lastName: 'Castillo',
      phoneNumber: '+1 510 555 0301',
    });
    expect(body.locations).toHaveLength(4);
    const [login] = await t.database.db.select().from(activityLogs).where(eq(activityLogs.actorEmail, 'host.admin@example.net'));
    expect(login).toMatchObject({ action: 'auth.login', changes: { method: { before: null, after: 'customer-sso' } } });
  });

  it('finds the admin by the email claim when sub is an opaque id', async () => {
    expect((await exchange(await accessToken({ sub: '00u1abcd', email: 'Host.Admin@example.net' }))).statusCode).toBe(200);
  });

  it('refuses an unknown e-mail, and a password account, with a clear 403', async () => {
    for (const email of ['stranger@example.net', 'admin@example.com']) {
      const response = await exchange(await accessToken({ sub: email }));
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({
        code: 'CUSTOMER_ADMIN_UNKNOWN',
        msg: ['No Wattdesk account belongs to this sign-in. Ask your administrator to invite you'],
      });
    }
  });

  it('refuses an inactive customer admin with 403 and records the refusal', async () => {
    await t.database.db.update(users).set({ status: 'INACTIVE' }).where(eq(users.email, 'host.admin@example.net'));
    try {
      const response = await exchange(await accessToken());
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({ code: 'ACCOUNT_INACTIVE', msg: ['This account is inactive. Contact your administrator'] });
      const rows = await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'auth.sso_refused'));
      expect(rows.at(-1)).toMatchObject({ actorEmail: 'host.admin@example.net', changes: { reason: { after: 'ACCOUNT_INACTIVE' } } });
    } finally {
      await t.database.db.update(users).set({ status: 'ACTIVE' }).where(eq(users.email, 'host.admin@example.net'));
    }
  });

  const refusals: [string, () => Promise<string>, string][] = [
    ['forged', () => accessToken({}, { key: issuer.foreignKey }), 'SSO_TOKEN_BAD_SIGNATURE'],
    ['expired', () => accessToken({ exp: Math.floor(Date.now() / 1000) - 1 }), 'SSO_TOKEN_EXPIRED'],
    ['for another audience (an ID token)', () => accessToken({ aud: CLIENT_ID }), 'SSO_TOKEN_WRONG_AUDIENCE'],
    ['issued to another client of the same API', () => accessToken({ cid: 'someone-elses-app' }), 'SSO_TOKEN_WRONG_AUDIENCE'],
    ['naming another issuer', () => accessToken({ iss: 'https://evil.example.com/oauth2/default' }), 'SSO_TOKEN_WRONG_ISSUER'],
  ];
  it.each(refusals)('refuses a %s token with 401 and a message', async (_name, make, code) => {
    const response = await exchange(await make());
    expect(response.statusCode).toBe(401);
    expect(json<{ code: string; msg: string[] }>(response)).toMatchObject({ code, msg: [expect.any(String)] });
  });

  it('exchanges a token once: a second exchange, by jti or (without jti) by the same token, is refused', async () => {
    const withJti = await accessToken();
    expect((await exchange(withJti)).statusCode).toBe(200);
    const replay = await exchange(withJti);
    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toMatchObject({ code: 'SSO_TOKEN_REUSED', msg: ['This sign-in was already used. Please sign in again'] });
    // Another token with the same issuer and jti is the same token issued again.
    const sameJti = await accessToken({ jti: 'okta-jti-1' });
    expect((await exchange(sameJti)).statusCode).toBe(200);
    expect(json(await exchange(await accessToken({ jti: 'okta-jti-1', scp: ['openid'] })))).toMatchObject({ code: 'SSO_TOKEN_REUSED' });
    const withoutJti = await accessToken({ jti: null });
    expect((await exchange(withoutJti)).statusCode).toBe(200);
    expect(json(await exchange(withoutJti))).toMatchObject({ code: 'SSO_TOKEN_REUSED' });
  });

  describe('DPoP-bound access tokens (RSA 2048 proof key)', () => {
    it('accepts the token with a proof made by the bound key for this call', async () => {
      const token = await accessToken({ cnf: { jkt } });
      expect((await exchange(token, await proof(token))).statusCode).toBe(200);
      // A fresh proof does not make the spent token good again.
      expect(json(await exchange(token, await proof(token)))).toMatchObject({ code: 'SSO_TOKEN_REUSED' });
    });

    it('refuses it without a proof, with another key, for another address or token, or replayed', async () => {
      const token = await accessToken({ cnf: { jkt } });
      const stranger = await generateKeyPair('RS256', { modulusLength: 2048 });
      const good = await proof(token);
      expect((await exchange(token, good)).statusCode).toBe(200);
      const bad = [
        undefined,
        await proof(token, {}, stranger),
        await proof(token, { htu: 'http://wattdesk.test/web/tokens-exchange/workforce-tokens' }),
        await proof(token, { htm: 'GET' }),
        await proof(token, { ath: 'x' }),
        await proof(token, { iat: Math.floor(Date.now() / 1000) - 3600 }),
        good,
      ];
      for (const dpop of bad) {
        const response = await exchange(token, dpop);
        expect(response.statusCode).toBe(401);
        expect(json(response)).toMatchObject({ code: 'SSO_DPOP_INVALID' });
      }
    });
  });

  it('answers 503 with a message when the identity provider cannot be reached', async () => {
    const down = await createTestApp({
      seed: false,
      env: { OIDC_CUSTOMER_ISSUER: 'http://127.0.0.1:9/oauth2/default', OIDC_CUSTOMER_AUDIENCE: AUDIENCE },
    });
    try {
      const token = await issuer.sign({ iss: 'http://127.0.0.1:9/oauth2/default', sub: 'host.admin@example.net', aud: AUDIENCE });
      const response = await down.app.inject({ method: 'POST', url: URL_PATH, payload: { oktaAccessToken: token } });
      expect(response.statusCode).toBe(503);
      expect(json(response)).toMatchObject({ msg: ['The identity provider cannot be reached. Please try again later'] });
      // Staff find the outage in the system log.
      const [event] = await down.database.db.select().from(systemEvents).where(eq(systemEvents.source, 'provider'));
      expect(event).toMatchObject({ level: 'error', event: 'sso.customer.unavailable', details: { provider: 'customer' } });
    } finally {
      await down.close();
    }
  });
});
