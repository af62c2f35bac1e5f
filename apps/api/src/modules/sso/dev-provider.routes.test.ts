import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ORIGIN = 'http://wattdesk.test';

/** A browser's worth of the flow: cookies kept per run, redirects followed by hand. */
const browser = () => {
  const cookies = new Map<string, string>();
  const keep = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) cookies.set(cookie.name, cookie.value);
    return response;
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    get: async (url: string) =>
      keep(await t.app.inject({ method: 'GET', url: url.replace(ORIGIN, ''), headers: { host: 'wattdesk.test', cookie: cookieHeader() } })),
    postForm: async (url: string, form: Record<string, string>) =>
      keep(
        await t.app.inject({
          method: 'POST',
          url: url.replace(ORIGIN, ''),
          headers: { host: 'wattdesk.test', cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form).toString(),
        }),
      ),
  };
};

const startAuthorization = async (provider: 'workforce' | 'customer', email: string, verifier: string, nonce: string) => {
  const user = browser();
  const params = new URLSearchParams({
    client_id: provider === 'workforce' ? 'wattdesk-workforce' : 'wattdesk-customer-admins',
    response_type: 'code',
    scope: provider === 'workforce' ? 'openid profile email groups' : 'openid profile email',
    redirect_uri: `${ORIGIN}${provider === 'workforce' ? '/login/callback' : '/login/customers/callback'}`,
    state: 'state-1',
    nonce,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: email,
  });
  const authorize = await user.get(`/oidc/${provider}/auth?${params.toString()}`);
  expect(authorize.statusCode).toBe(303);
  return { user, interaction: authorize.headers.location as string };
};

const signInAtProvider = async (provider: 'workforce' | 'customer', email: string, verifier: string, nonce: string) => {
  const { user, interaction } = await startAuthorization(provider, email, verifier, nonce);
  const login = await user.postForm(`${interaction}/login`, { email, password: 'Charge#2026' });
  expect(login.statusCode).toBe(303);
  const resumed = await user.get(login.headers.location as string);
  return new URL(resumed.headers.location as string);
};

describe('built-in development OpenID provider', () => {
  it('publishes discovery for both issuers on this server, with PKCE, DPoP and the iss response parameter', async () => {
    for (const provider of ['workforce', 'customer']) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/oidc/${provider}/.well-known/openid-configuration`,
        headers: { host: 'wattdesk.test' },
      });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({
        issuer: `${ORIGIN}/oidc/${provider}`,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
        dpop_signing_alg_values_supported: expect.arrayContaining(['RS256']),
      });
    }
  });

  it('shows a login page plainly labelled as the development provider, prefilled from the login hint', async () => {
    const { user, interaction } = await startAuthorization('workforce', 'ops.super@example.org', 'v'.repeat(43), 'n');
    const page = await user.get(interaction);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Development identity provider — not for production');
    expect(page.body).toContain('value="ops.super@example.org"');
    expect(page.headers['content-security-policy']).toMatch(/form-action 'self'/);
    const wrong = await user.postForm(`${interaction}/login`, { email: 'ops.super@example.org', password: 'nope' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('The e-mail or password is incorrect');
  });

  it('cancel at the provider returns access_denied to the callback', async () => {
    const { user, interaction } = await startAuthorization('customer', 'host.admin@example.net', 'v'.repeat(43), 'n');
    const abort = await user.postForm(`${interaction}/abort`, {});
    const back = new URL((await user.get(abort.headers.location as string)).headers.location as string);
    expect(back.pathname).toBe('/login/customers/callback');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('iss')).toBe(`${ORIGIN}/oidc/customer`);
  });

  it('workforce: code + PKCE → ID token with groups, accepted by the workforce exchange', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const nonceVerifier = randomBytes(32).toString('base64url');
    const callback = await signInAtProvider(
      'workforce',
      'ops.readonly@example.org',
      verifier,
      createHash('sha256').update(nonceVerifier).digest('base64url'),
    );
    expect(callback.pathname).toBe('/login/callback');
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/workforce/token',
      headers: { host: 'wattdesk.test', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: `${ORIGIN}/login/callback`,
        client_id: 'wattdesk-workforce',
        code_verifier: verifier,
      }).toString(),
    });
    expect(token.statusCode).toBe(200);
    const idToken = json<{ id_token: string }>(token).id_token;
    expect(decodeJwt(idToken)).toMatchObject({ email: 'ops.readonly@example.org', groups: ['Everyone', 'Read Only Super Admin Access'] });
    const exchange = await t.app.inject({ method: 'POST', url: '/web/tokens-exchange/workforce-tokens', payload: { idToken, nonceVerifier } });
    expect(exchange.statusCode).toBe(200);
    expect(json(exchange)).toMatchObject({ userType: 'ReadonlySuperAdmin', email: 'ops.readonly@example.org' });
  });

  it('customer: a DPoP-bound JWT access token, exchanged with a proof of the same RSA 2048 key', async () => {
    const verifier = randomBytes(32).toString('base64url');
    const callback = await signInAtProvider('customer', 'host.admin@example.net', verifier, 'nonce-1');
    const key = await generateKeyPair('RS256', { modulusLength: 2048 });
    const jwk = await exportJWK(key.publicKey);
    const dpop = (htu: string, extra: Record<string, unknown> = {}) =>
      new SignJWT({ htm: 'POST', htu, jti: randomUUID(), iat: Math.floor(Date.now() / 1000), ...extra })
        .setProtectedHeader({ alg: 'RS256', typ: 'dpop+jwt', jwk })
        .sign(key.privateKey);
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/customer/token',
      headers: { host: 'wattdesk.test', 'content-type': 'application/x-www-form-urlencoded', dpop: await dpop(`${ORIGIN}/oidc/customer/token`) },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        code: callback.searchParams.get('code')!,
        redirect_uri: `${ORIGIN}/login/customers/callback`,
        client_id: 'wattdesk-customer-admins',
        code_verifier: verifier,
      }).toString(),
    });
    const tokens = json<{ access_token: string; token_type: string }>(token);
    expect(tokens.token_type).toBe('DPoP');
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      aud: 'api://wattdesk',
      email: 'host.admin@example.net',
      cnf: { jkt: await calculateJwkThumbprint(jwk) },
    });
    const url = '/web/tokens-exchange/okta-customer-admins-tokens';
    const ath = createHash('sha256').update(tokens.access_token).digest('base64url');
    const withoutProof = await t.app.inject({ method: 'POST', url, payload: { oktaAccessToken: tokens.access_token } });
    expect(withoutProof.statusCode).toBe(401);
    const exchange = await t.app.inject({
      method: 'POST',
      url,
      payload: { oktaAccessToken: tokens.access_token },
      headers: { dpop: await dpop(`${ORIGIN}${url}`, { ath }) },
    });
    expect(exchange.statusCode).toBe(200);
    expect(json(exchange)).toMatchObject({ userType: 'PortfolioManager', email: 'host.admin@example.net' });
  });

  it('lists both clients in GET /web/app-config', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/web/app-config' });
    expect(json(response)).toMatchObject({
      sso: {
        workforce: {
          issuer: `${ORIGIN}/oidc/workforce`,
          clientId: 'wattdesk-workforce',
          scope: 'openid profile email groups',
          isDevelopmentProvider: true,
        },
        customer: { issuer: `${ORIGIN}/oidc/customer`, clientId: 'wattdesk-customer-admins', isDevelopmentProvider: true },
      },
    });
  });

  it('is off in production unless an issuer is configured', async () => {
    const production = await createTestApp({ seed: false, env: { NODE_ENV: 'production' } });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/oidc/workforce/.well-known/openid-configuration' })).statusCode).toBe(404);
      expect(json(await production.app.inject({ method: 'GET', url: '/web/app-config' }))).toMatchObject({
        sso: { workforce: null, customer: null },
      });
    } finally {
      await production.close();
    }
  });
});
