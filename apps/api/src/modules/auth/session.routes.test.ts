import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

describe('refresh tokens and logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ACCESS_CACHE_TTL_MS: '0', REFRESH_GRACE_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/web/users/refresh-token', payload: { token, deviceId: 'vitest' } });
  const locationById = (accessToken: string, locationId: string) =>
    t.app.inject(authed(accessToken, { method: 'GET', url: `/web/locations/location-by-id?locationId=${locationId}` }));

  it('rotates the refresh token on every use and the new access token works', async () => {
    const session = await loginAs(t.app, 'Admin');
    const first = await refresh(session.refresh_token);
    expect(first.statusCode).toBe(200);
    const rotated = json<{ access_token: string; refresh_token: string }>(first);
    expect(rotated.refresh_token).not.toBe(session.refresh_token);
    expect((await locationById(rotated.access_token, session.locations[0]!)).statusCode).toBe(200);
    const second = await refresh(rotated.refresh_token);
    expect(second.statusCode).toBe(200);
  });

  it('revokes the whole sign-in when a rotated token is presented again', async () => {
    const session = await loginAs(t.app, 'Admin');
    const rotated = json<{ access_token: string; refresh_token: string }>(await refresh(session.refresh_token));

    const replay = await refresh(session.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toMatchObject({ responseCode: 401, msg: ['Your session has ended. Please sign in again'] });

    // The legitimate holder of the newest token is signed out too: the family is gone.
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
    expect((await locationById(rotated.access_token, session.locations[0]!)).statusCode).toBe(401);
  });

  it('leaves other sign-ins of the same user alone when one family is revoked', async () => {
    const laptop = await loginAs(t.app, 'Admin');
    const phone = await loginAs(t.app, 'Admin');
    await refresh(laptop.refresh_token);
    await refresh(laptop.refresh_token);
    expect((await refresh(phone.refresh_token)).statusCode).toBe(200);
  });

  it('rejects unknown and malformed refresh tokens with 4xx', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    const empty = await t.app.inject({ method: 'POST', url: '/web/users/refresh-token', payload: { token: '' } });
    expect(empty.statusCode).toBe(400);
  });

  it('logout revokes the access token and the refresh token of that sign-in', async () => {
    const session = await loginAs(t.app, 'ReadonlyAdmin');
    const out = await t.app.inject(authed(session.access_token, { method: 'POST', url: '/web/logout' }));
    expect(out.statusCode).toBe(200);
    expect((await locationById(session.access_token, session.locations[0]!)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
  });

  it('logout without a token is 401 in the error shape', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/web/logout' });
    expect(response.statusCode).toBe(401);
    expect(json(response)).toEqual({ responseCode: 401, msg: ['Please sign in to continue'], code: 'UNAUTHENTICATED' });
  });

  it('rejects a forged access token', async () => {
    const session = await loginAs(t.app, 'SuperAdmin');
    const [header, payload] = session.access_token.split('.');
    const forged = `${header}.${payload}.${'A'.repeat(43)}`;
    const response = await locationById(forged, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(401);
  });
});
