import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../db/seed/demo-users.ts';
import { authed, createTestApp, json, type TestApp } from '../../../test/test-app.ts';
import type { LightMyRequestResponse } from 'fastify';

/** Issue 39, item 3: the web app's refresh token lives in an HttpOnly cookie, out of reach of the page's script. */
type Tokens = { access_token: string; refresh_token?: string };

describe('the refresh token cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ACCESS_CACHE_TTL_MS: '0', REFRESH_GRACE_SECONDS: '0', SESSION_MAX_AGE_HOURS: '12' } });
  });
  afterAll(() => t.close());

  const login = (host = 'localhost') =>
    t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      headers: { host },
      payload: { email: demoEmail('Admin'), password: DEMO_PASSWORD, deviceId: 'browser-1' },
    });
  const cookieOf = (response: LightMyRequestResponse) => response.cookies.find((cookie) => cookie.name === 'wattdesk_refresh');
  const refreshByCookie = (value: string) =>
    t.app.inject({ method: 'POST', url: '/web/users/refresh-token', cookies: { wattdesk_refresh: value }, payload: {} });

  it('is set at sign-in HttpOnly, SameSite=Strict, scoped to the refresh path, and Secure except on plain-http localhost', async () => {
    const local = await login();
    expect(local.statusCode).toBe(200);
    const body = json<Tokens>(local);
    // API clients still read the refresh token in the answer (spec section 7).
    expect(body.refresh_token).toEqual(expect.any(String));
    expect(cookieOf(local)).toMatchObject({
      value: body.refresh_token,
      httpOnly: true,
      sameSite: 'Strict',
      path: '/web/users/refresh-token',
      maxAge: 12 * 3600,
    });
    expect(cookieOf(local)?.secure).toBeUndefined();
    const served = await login('wattdesk.example.com');
    expect(cookieOf(served)).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/web/users/refresh-token' });
  });

  it('refreshes by the cookie alone, rotates it, and keeps the new token out of the answer', async () => {
    const first = cookieOf(await login())!.value;
    const refreshed = await refreshByCookie(first);
    expect(refreshed.statusCode).toBe(200);
    const body = json<Tokens>(refreshed);
    expect(body.refresh_token).toBeUndefined();
    expect((await t.app.inject(authed(body.access_token, { method: 'GET', url: '/web/locations' }))).statusCode).toBe(200);
    const rotated = cookieOf(refreshed)!;
    expect(rotated).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/web/users/refresh-token' });
    expect(rotated.value).not.toBe(first);
    expect((await refreshByCookie(rotated.value)).statusCode).toBe(200);
  });

  it('prefers the body token over the cookie, and refuses a refresh with neither', async () => {
    const session = json<Tokens>(await login());
    const byBody = await t.app.inject({
      method: 'POST',
      url: '/web/users/refresh-token',
      cookies: { wattdesk_refresh: 'stale-cookie' },
      payload: { token: session.refresh_token },
    });
    expect(byBody.statusCode).toBe(200);
    expect(json<Tokens>(byBody).refresh_token).toEqual(expect.any(String));
    const none = await t.app.inject({ method: 'POST', url: '/web/users/refresh-token', payload: {} });
    expect(none.statusCode).toBe(401);
    expect(json(none)).toMatchObject({ responseCode: 401, msg: ['Your session has ended. Please sign in again'] });
  });

  it('is cleared at logout, and the signed-out cookie no longer refreshes', async () => {
    const signedIn = await login();
    const token = cookieOf(signedIn)!.value;
    const logout = await t.app.inject(authed(json<Tokens>(signedIn).access_token, { method: 'POST', url: '/web/logout' }));
    expect(logout.statusCode).toBe(200);
    expect(cookieOf(logout)).toMatchObject({ value: '', path: '/web/users/refresh-token', httpOnly: true });
    expect(new Date(cookieOf(logout)!.expires!).getTime()).toBeLessThan(Date.now());
    expect((await refreshByCookie(token)).statusCode).toBe(401);
  });
});
