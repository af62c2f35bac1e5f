import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../db/seed/demo-users.ts';
import { manualClock } from '../../../test/clock.ts';
import { authed, createTestApp, json, type TestApp } from '../../../test/test-app.ts';

/**
 * Security review, item 5: sign-ins never ended on their own (each refresh slid the token 30 days on),
 * refresh tokens were not bound to the device, and two tabs refreshing at once signed the user out.
 */
type Tokens = { access_token: string; refresh_token: string };

describe('security: sign-ins end on their own and are bound to their device (item 5)', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      env: { SESSION_MAX_AGE_HOURS: '48', SESSION_IDLE_TIMEOUT_MINUTES: '720', REFRESH_GRACE_SECONDS: '30', ACCESS_CACHE_TTL_MS: '0' },
    });
  });
  afterAll(() => t.close());

  const login = async (deviceId = 'laptop-1') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      payload: { email: demoEmail('Admin'), password: DEMO_PASSWORD, deviceId },
    });
    expect(response.statusCode).toBe(200);
    return json<Tokens>(response);
  };
  const refresh = (token: string, deviceId: string | null = 'laptop-1') =>
    t.app.inject({ method: 'POST', url: '/web/users/refresh-token', payload: { token, ...(deviceId ? { deviceId } : {}) } });

  it('ends a sign-in at its absolute lifetime however often it is refreshed', async () => {
    let tokens = await login();
    for (let refreshes = 0; refreshes < 7; refreshes += 1) {
      clock.advance(6 * 3_600_000);
      const response = await refresh(tokens.refresh_token);
      expect(response.statusCode).toBe(200);
      tokens = json<Tokens>(response);
    }
    clock.advance(6 * 3_600_000);
    const late = await refresh(tokens.refresh_token);
    expect(late.statusCode).toBe(401);
    expect(json(late).msg).toEqual(['Your session has ended. Please sign in again']);
  });

  it('ends a sign-in that is not used for the idle timeout', async () => {
    const tokens = await login();
    clock.advance(721 * 60_000);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });

  it('refuses a refresh from another device and ends that sign-in', async () => {
    const tokens = await login('laptop-1');
    const stolen = await refresh(tokens.refresh_token, 'attacker-box');
    expect(stolen.statusCode).toBe(401);
    // The owner's own next refresh fails too: the sign-in was ended, not just the one request.
    expect((await refresh(tokens.refresh_token, 'laptop-1')).statusCode).toBe(401);
  });

  it("refreshes a sign-in made with the spec's payload (device id) with the token alone, and with the device id too", async () => {
    const tokens = await login('laptop-1');
    const byTokenAlone = await refresh(tokens.refresh_token, null);
    expect(byTokenAlone.statusCode).toBe(200);
    const next = json<Tokens>(byTokenAlone);
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await t.app.inject(authed(next.access_token, { method: 'GET', url: '/web/locations' }))).statusCode).toBe(200);
    const withDevice = await refresh(next.refresh_token, 'laptop-1');
    expect(withDevice.statusCode).toBe(200);
    expect((await refresh(json<Tokens>(withDevice).refresh_token, null)).statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same token at once, and both go on working', async () => {
    const tokens = await login();
    const [first, second] = await Promise.all([refresh(tokens.refresh_token), refresh(tokens.refresh_token)]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    for (const answer of [first, second]) {
      const next = json<Tokens>(answer);
      const me = await t.app.inject(authed(next.access_token, { method: 'GET', url: '/web/locations' }));
      expect(me.statusCode).toBe(200);
      expect((await refresh(next.refresh_token)).statusCode).toBe(200);
    }
  });

  it('still treats a rotated token presented after the grace window as stolen', async () => {
    const tokens = await login();
    const rotated = json<Tokens>(await refresh(tokens.refresh_token));
    clock.advance(31_000);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });
});
