import { createHash } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoEmail } from '../../db/seed/demo-users.ts';
import { manualClock } from '../../../test/clock.ts';
import { startTestIssuer, type TestIssuer } from '../../../test/oidc-issuer.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';

/** Security review, item 9 (the sign-in parts): tokens without exp or aud, a reusable ID token, a 60-minute reset link. */
const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

describe('security: our access tokens must carry exp and aud (item 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const resign = async (claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(new TextEncoder().encode(SECRET));

  it('refuses a validly signed token without exp', async () => {
    const session = await loginAs(t.app, 'SuperAdmin');
    const { exp: _exp, ...claims } = decodeJwt(session.access_token);
    const response = await t.app.inject(authed(await resign(claims), { method: 'GET', url: '/web/locations' }));
    expect(response.statusCode).toBe(401);
  });

  it('refuses a validly signed token without aud', async () => {
    const session = await loginAs(t.app, 'SuperAdmin');
    const { aud: _aud, ...claims } = decodeJwt(session.access_token);
    const response = await t.app.inject(authed(await resign(claims), { method: 'GET', url: '/web/locations' }));
    expect(response.statusCode).toBe(401);
  });

  it('still accepts the tokens it issues', async () => {
    const session = await loginAs(t.app, 'SuperAdmin');
    expect((await t.app.inject(authed(session.access_token, { method: 'GET', url: '/web/locations' }))).statusCode).toBe(200);
  });

  it('refuses a token it accepted a moment ago once its exp has passed', async () => {
    const session = await loginAs(t.app, 'SuperAdmin');
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const token = await resign({ ...decodeJwt(session.access_token), exp: expiresAt });
    const read = () => t.app.inject(authed(token, { method: 'GET', url: '/web/locations' }));
    expect((await read()).statusCode).toBe(200);
    // Checked tokens are kept for the requests after (lib/verified-tokens.ts): never past their exp. Only the
    // date is faked, so the verifier and the kept tokens see the exp pass while the app's timers run as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      vi.setSystemTime(expiresAt * 1000 + 50);
      expect((await read()).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('security: a workforce ID token works once (item 9)', () => {
  const CLIENT_ID = 'wattdesk-workforce-test';
  const VERIFIER = 'a-secret-only-the-browser-that-started-the-sign-in-knows';
  let issuer: TestIssuer;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startTestIssuer('/oauth2/workforce-once');
    t = await createTestApp({
      env: {
        LOG_LEVEL: 'error',
        OIDC_WORKFORCE_ISSUER: issuer.issuer,
        OIDC_WORKFORCE_CLIENT_ID: CLIENT_ID,
        OIDC_WORKFORCE_DOMAINS: 'staff.example.org',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });

  const idToken = (claims: Record<string, unknown> = {}) =>
    issuer.sign({
      sub: 'dir-once',
      aud: CLIENT_ID,
      nonce: createHash('sha256').update(VERIFIER).digest('base64url'),
      email: 'once@staff.example.org',
      groups: ['Super Admin Access'],
      ...claims,
    });
  const exchange = (token: string) =>
    t.app.inject({ method: 'POST', url: '/web/tokens-exchange/workforce-tokens', payload: { idToken: token, nonceVerifier: VERIFIER } });

  it('refuses the second exchange of the same ID token', async () => {
    const token = await idToken();
    const first = await exchange(token);
    expect(first.statusCode, first.body).toBe(200);
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
  });

  it('refuses an ID token without aud', async () => {
    expect((await exchange(await idToken({ aud: null }))).statusCode).toBe(401);
  });
});

describe('security: the reset link lives 30 minutes by default (item 9)', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  const clock = manualClock();
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ now: clock.now, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses a reset link after 30 minutes', async () => {
    await t.app.inject({ method: 'POST', url: '/web/users/forgot-password', payload: { email: demoEmail('MobileAdmin') } });
    const mail = await smtp.waitFor((m) => m.to.includes(demoEmail('MobileAdmin')));
    const token = linkIn(mail, '/reset-password').searchParams.get('token')!;
    clock.advance(31 * 60_000);
    const response = await t.app.inject({ method: 'POST', url: '/web/users/reset-password', payload: { token, password: 'Brand#New2026x' } });
    expect(response.statusCode).toBe(400);
  });
});
