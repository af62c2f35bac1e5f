import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../db/seed/demo-users.ts';
import { manualClock } from '../../../test/clock.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

/**
 * Security review, item 8: 30 parallel wrong passwords were all evaluated past the back-off, anyone could
 * lock anyone's account, and a sign-in flood from one address turned away everyone else.
 */
const loginFrom = (t: TestApp, ip: string, email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/web/users/login', payload: { email, password }, remoteAddress: ip });

describe('security: sign-in throttling cannot be raced or turned against the owner (item 8)', () => {
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp({
      now: clock.now,
      env: { LOGIN_BACKOFF_AFTER_FAILURES: '3', LOGIN_LOCK_AFTER_FAILURES: '5', LOGIN_LOCK_MINUTES: '15', AUTH_RATE_LIMIT_MAX: '10000' },
    });
  });
  afterAll(() => t.close());

  it('evaluates at most the allowed number of passwords when 30 arrive at once', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => loginFrom(t, '198.51.100.30', demoEmail('ReadonlyAdmin'), 'Wrong#Guess1')));
    const evaluated = answers.filter((answer) => answer.statusCode === 401).length;
    expect(evaluated).toBe(3);
    expect(answers.filter((answer) => answer.statusCode === 429 || answer.statusCode === 503)).toHaveLength(27);
  });

  it("locks the attacker's address, not the owner signing in from elsewhere", async () => {
    const email = demoEmail('PortfolioManager');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      clock.advance(120_000);
      expect((await loginFrom(t, '203.0.113.66', email, 'Wrong#Guess1')).statusCode).toBe(401);
    }
    clock.advance(1000);
    const attacker = await loginFrom(t, '203.0.113.66', email, DEMO_PASSWORD);
    expect(attacker.statusCode).toBe(429);
    expect(json(attacker).code).toBe('ACCOUNT_LOCKED');
    expect((await loginFrom(t, '192.0.2.10', email, DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('security: a sign-in flood does not starve other users (item 8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '10000', PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_QUEUE: '8' } });
  });
  afterAll(() => t.close());

  it('answers the flood 429/503 with Retry-After while the owner signs in and signed-in reads go on', async () => {
    const reader = await loginAs(t.app, 'SuperAdmin');
    const flood = Array.from({ length: 60 }, (_, index) => loginFrom(t, '198.51.100.99', `nobody-${index}@example.com`, 'Wrong#Guess1'));
    const owner = loginFrom(t, '192.0.2.20', demoEmail('Admin'), DEMO_PASSWORD);
    const reads = Array.from({ length: 5 }, () => t.app.inject(authed(reader.access_token, { method: 'GET', url: '/web/locations' })));
    const [floodAnswers, ownerAnswer, readAnswers] = await Promise.all([Promise.all(flood), owner, Promise.all(reads)]);
    expect(ownerAnswer.statusCode).toBe(200);
    expect(readAnswers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const turnedAway = floodAnswers.filter((answer) => answer.statusCode === 429 || answer.statusCode === 503);
    expect(turnedAway.length).toBeGreaterThan(40);
    for (const answer of turnedAway) {
      expect(answer.headers['retry-after']).toBeDefined();
      expect(json(answer)).toMatchObject({ responseCode: answer.statusCode, msg: [expect.any(String)] });
    }
  });
});
