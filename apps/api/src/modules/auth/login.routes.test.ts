import { hash, type Algorithm } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail } from '../../db/seed/demo-users.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

const login = (t: TestApp, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/web/users/login', payload: payload as Record<string, unknown>, headers });

describe('POST /web/users/login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers the session user of spec section 7 for a valid admin', async () => {
    const response = await login(t, { email: 'Admin@Example.com ', password: DEMO_PASSWORD, deviceId: 'd1' });
    expect(response.statusCode).toBe(200);
    const body = json(response);
    // The spec's fields, and the language the user chose (issue 44; null until a choice).
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'email', 'firstName', 'language', 'lastName', 'locations', 'phoneNumber', 'refresh_token', 'userId', 'userType'].sort(),
    );
    expect(body).toMatchObject({ userType: 'Admin', email: 'admin@example.com', firstName: 'Dana', lastName: 'Chen', language: null });
    expect(body.locations).toHaveLength(3);
  });

  it('re-hashes a password stored with weaker settings at the next sign-in, and it still verifies', async () => {
    const email = demoEmail('ReadonlyAdmin');
    const weak = await hash(DEMO_PASSWORD, { algorithm: 2 as Algorithm, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    const { db } = t.database;
    await db.update(users).set({ passwordHash: weak }).where(eq(users.email, email));
    expect((await login(t, { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(row!.passwordHash!, DEMO_PASSWORD)).toBe(true);
    // Already current: the next sign-in leaves it as it is.
    expect((await login(t, { email, password: DEMO_PASSWORD })).statusCode).toBe(200);
    const [again] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
    expect(again?.passwordHash).toBe(row?.passwordHash);
  });

  it('answers wrong passwords and unknown e-mails with the same 401 message', async () => {
    const wrong = await login(t, { email: demoEmail('ReadonlyAdmin'), password: 'Wrong#Pass1' });
    const unknown = await login(t, { email: 'nobody@example.com', password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual(json(unknown));
    expect(json(wrong)).toMatchObject({ responseCode: 401, msg: ['The email or password is incorrect'] });
  });

  it.each(['Driver', 'Scheduler'] as const)('refuses the non-admin type %s without issuing tokens', async (type) => {
    const response = await login(t, { email: demoEmail(type), password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toEqual({
      responseCode: 403,
      msg: ['This account cannot sign in to the dashboard'],
      code: 'NOT_AN_ADMIN',
    });
    expect(response.body).not.toContain('token');
  });

  it('names each missing field with the spec message', async () => {
    const response = await login(t, {});
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(['Please enter your email address', 'Please enter your password']);
  });

  it('rejects a malformed e-mail with the login screen message', async () => {
    const response = await login(t, { email: 'not-an-email', password: 'x' });
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(['Please enter a valid email address']);
  });

  it('answers wrong-typed fields with a sentence naming the field', async () => {
    const response = await login(t, { email: demoEmail('Admin'), password: DEMO_PASSWORD, deviceId: 42 });
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(['Device id must be a string']);
  });

  it('answers broken JSON, a wrong content type and an oversized body with 4xx, never 500', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(json(broken)).toMatchObject({ responseCode: 400, msg: ['The request body is not valid JSON'] });

    const text = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    expect(json(text).msg).toEqual(['Send the request body as JSON']);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(json(huge).msg).toEqual(['The request body is too large']);
  });

  it('answers an empty body with the missing-field messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/web/users/login' });
    expect(response.statusCode).toBe(400);
    expect(json(response)).toMatchObject({ responseCode: 400 });
    expect((json(response).msg as string[]).length).toBeGreaterThan(0);
  });

  it('writes sign-ins and failed sign-ins to the activity log', async () => {
    await loginAs(t.app, 'PortfolioManager');
    await login(t, { email: demoEmail('PortfolioManager'), password: 'Nope#1234' });
    const rows = await t.database.db.query.activityLogs.findMany({
      where: (log, { eq }) => eq(log.actorEmail, 'portfoliomanager@example.com'),
    });
    expect(rows.map((row) => row.action).sort()).toEqual(['auth.login', 'auth.login_failed']);
  });
});

describe('POST /web/authentication-method', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers password for password accounts and, identically, for unknown e-mails', async () => {
    const known = await t.app.inject({ method: 'POST', url: '/web/authentication-method', payload: { userEmail: demoEmail('Admin') } });
    const unknown = await t.app.inject({ method: 'POST', url: '/web/authentication-method', payload: { userEmail: 'ghost@example.com' } });
    expect(json(known)).toEqual({ authenticationMethod: 'password' });
    expect(json(unknown)).toEqual({ authenticationMethod: 'password' });
  });

  it('requires a valid e-mail', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/web/authentication-method', payload: { userEmail: 'x' } });
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(['Please enter a valid email address']);
  });
});
