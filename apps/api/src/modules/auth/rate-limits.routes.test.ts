import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS, demoEmail } from '../../db/seed/demo-users.ts';
import { manualClock } from '../../../test/clock.ts';
import { createTestApp, json, type TestApp } from '../../../test/test-app.ts';

const loginRequest = (t: TestApp, email: string, password: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/web/users/login', payload: { email, password }, remoteAddress: ip });

describe('per-account sign-in throttling', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      env: { LOGIN_BACKOFF_AFTER_FAILURES: '3', LOGIN_LOCK_AFTER_FAILURES: '6', LOGIN_LOCK_MINUTES: '15' },
    });
  });
  afterAll(() => t.close());

  it('backs off after repeated failures, then locks the account with a clear message', async () => {
    const email = demoEmail('Admin');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await loginRequest(t, email, 'Wrong#Pass1')).statusCode).toBe(401);
    }
    const early = await loginRequest(t, email, DEMO_PASSWORD);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('1');
    expect(json(early).msg).toEqual(['Too many failed sign-in attempts. Wait a moment and try again']);

    for (let attempt = 4; attempt <= 6; attempt += 1) {
      clock.advance(60_000);
      expect((await loginRequest(t, email, 'Wrong#Pass1')).statusCode).toBe(401);
    }
    clock.advance(60_000);
    const locked = await loginRequest(t, email, DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(json(locked).code).toBe('ACCOUNT_LOCKED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(600);

    clock.advance(15 * 60_000);
    expect((await loginRequest(t, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('throttles unknown e-mails the same way, so locks do not reveal accounts', async () => {
    for (let attempt = 1; attempt <= 3; attempt += 1) await loginRequest(t, 'ghost@example.com', 'Wrong#Pass1');
    expect((await loginRequest(t, 'ghost@example.com', 'Wrong#Pass1')).statusCode).toBe(429);
  });

  it('a successful sign-in clears the failure count', async () => {
    const email = demoEmail('ReadonlyAdmin');
    await loginRequest(t, email, 'Wrong#Pass1');
    await loginRequest(t, email, 'Wrong#Pass1');
    expect((await loginRequest(t, email, DEMO_PASSWORD)).statusCode).toBe(200);
    await loginRequest(t, email, 'Wrong#Pass1');
    await loginRequest(t, email, 'Wrong#Pass1');
    expect((await loginRequest(t, email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('per-address ceiling', () => {
  it('is generous by default: 30 sign-ins to several accounts in a row all succeed', async () => {
    const t = await createTestApp();
    try {
      const admins = DEMO_USERS.filter((user) => !['Driver', 'Scheduler'].includes(user.type));
      for (let i = 0; i < 30; i += 1) {
        const user = admins[i % admins.length]!;
        expect((await loginRequest(t, demoEmail(user.type), DEMO_PASSWORD)).statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });

  it('answers 429 in the error shape past the configured ceiling, per address', async () => {
    const t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3', AUTH_RATE_LIMIT_WINDOW_SECONDS: '300' } });
    try {
      for (let i = 0; i < 3; i += 1) {
        expect(
          (
            await t.app.inject({
              method: 'POST',
              url: '/web/users/forgot-password',
              payload: { email: 'a@example.com' },
              remoteAddress: '198.51.100.1',
            })
          ).statusCode,
        ).toBe(200);
      }
      const limited = await t.app.inject({
        method: 'POST',
        url: '/web/users/forgot-password',
        payload: { email: 'a@example.com' },
        remoteAddress: '198.51.100.1',
      });
      expect(limited.statusCode).toBe(429);
      expect(json(limited)).toMatchObject({ responseCode: 429, msg: ['Too many requests. Please wait a moment and try again'] });
      const otherAddress = await t.app.inject({
        method: 'POST',
        url: '/web/users/forgot-password',
        payload: { email: 'a@example.com' },
        remoteAddress: '198.51.100.2',
      });
      expect(otherAddress.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
