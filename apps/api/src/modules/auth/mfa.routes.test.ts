import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, mfaTotp } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail } from '../../db/seed/demo-users.ts';
import { manualClock } from '../../../test/clock.ts';
import { authed, createTestApp, json, loginAs, testConfig, type TestApp } from '../../../test/test-app.ts';

type Challenge = { mfaRequired: true; challenge: string; enrollmentRequired: boolean };
type Setup = { secret: string; otpauthUrl: string; qrCode: string };

const codeAt = (secret: string, at: Date) => generate({ secret, epoch: Math.floor(at.getTime() / 1000) });

describe('two-step sign-in with an authenticator app', () => {
  let t: TestApp;
  const clock = manualClock(new Date('2026-11-24T10:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now, env: { ACCESS_CACHE_TTL_MS: '0', LOGIN_BACKOFF_AFTER_FAILURES: '3', LOGIN_LOCK_AFTER_FAILURES: '5' } });
  });
  afterAll(() => t.close());

  const post = (token: string, url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method: 'POST', url: `/web${url}`, ...(payload ? { payload } : {}) }));
  const passwordStep = async (type: Parameters<typeof demoEmail>[0], ip = '192.0.2.1') => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      payload: { email: demoEmail(type), password: DEMO_PASSWORD, deviceId: 'phone' },
      remoteAddress: ip,
    });
    expect(response.statusCode).toBe(200);
    return json<Challenge>(response);
  };
  const codeStep = (challenge: string, code: string, ip = '192.0.2.1') =>
    t.app.inject({ method: 'POST', url: '/web/users/login/mfa', payload: { challenge, code }, remoteAddress: ip });

  /** Enrols the type's demo account and answers its secret and recovery codes. */
  const enrol = async (type: Parameters<typeof demoEmail>[0]) => {
    const session = await loginAs(t.app, type);
    const setup = await post(session.access_token, '/users/me/mfa/totp/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = json<Setup>(setup);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Wattdesk:.+secret=/);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await post(session.access_token, '/users/me/mfa/totp/enable', { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).msg).toEqual(['The code is incorrect or has expired. Try the current code from your authenticator app']);
    const enabled = await post(session.access_token, '/users/me/mfa/totp/enable', { code: await codeAt(secret, clock.now()) });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = json<{ recoveryCodes: string[] }>(enabled);
    return { session, secret, recoveryCodes };
  };

  it('enrols with a code from the app, stores the secret encrypted and answers ten recovery codes once', async () => {
    const { session, secret, recoveryCodes } = await enrol('ReadonlyAdmin');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const [row] = await t.database.db.select().from(mfaTotp).where(eq(mfaTotp.userId, session.userId));
    expect(row?.secret).toBeTruthy();
    expect(row?.secret).not.toContain(secret);
    const account = json<{ mfa: { enabled: boolean; recoveryCodesLeft: number } }>(
      await t.app.inject(authed(session.access_token, { method: 'GET', url: '/web/users/me/account' })),
    );
    expect(account.mfa).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    const audit = await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, 'account.mfa_enabled'));
    expect(audit.some((entry) => entry.entityId === session.userId)).toBe(true);
  });

  it('asks for a code after the password, and signs in with it once', async () => {
    const { secret } = await enrol('MobileAdmin');
    clock.advance(30_000);
    const challenge = await passwordStep('MobileAdmin');
    expect(challenge).toEqual({ mfaRequired: true, challenge: expect.any(String), enrollmentRequired: false });
    expect(JSON.stringify(challenge)).not.toContain('access_token');
    const code = await codeAt(secret, clock.now());
    const signedIn = await codeStep(challenge.challenge, code);
    expect(signedIn.statusCode).toBe(200);
    expect(json(signedIn)).toMatchObject({ userType: 'MobileAdmin', access_token: expect.any(String), refresh_token: expect.any(String) });
    // The same code a second time (a replay within its 30 s) is refused.
    const again = await codeStep((await passwordStep('MobileAdmin')).challenge, code);
    expect(again.statusCode).toBe(400);
    expect(json(again).code).toBe('MFA_CODE_INVALID');
  });

  it('takes each recovery code once', async () => {
    const { recoveryCodes } = await enrol('ManufacturingAdmin');
    const first = await codeStep((await passwordStep('ManufacturingAdmin')).challenge, recoveryCodes[0]!.toUpperCase());
    expect(first.statusCode).toBe(200);
    const second = await codeStep((await passwordStep('ManufacturingAdmin')).challenge, recoveryCodes[0]!);
    expect(second.statusCode).toBe(400);
    const logins = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.actorEmail, demoEmail('ManufacturingAdmin')));
    expect(logins.some((entry) => JSON.stringify(entry.changes).includes('password+recovery-code'))).toBe(true);
  });

  it('throttles codes like passwords: backs off, then locks that address', async () => {
    await enrol('ThirdPartyManufacturer');
    const { challenge } = await passwordStep('ThirdPartyManufacturer', '198.51.100.7');
    const answers: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push((await codeStep(challenge, '111111', '198.51.100.7')).statusCode);
    expect(answers).toEqual([400, 400, 400, 429]);
  });

  it('refuses a made-up or expired challenge', async () => {
    expect((await codeStep('made-up', '123456')).statusCode).toBe(400);
    const { challenge } = await passwordStep('ReadonlyAdmin');
    clock.advance(6 * 60_000);
    const late = await codeStep(challenge, '123456');
    expect(late.statusCode).toBe(400);
    expect(json(late).msg).toEqual(['This sign-in step has expired. Please sign in again']);
  });

  it('turns off only with the password and a current code', async () => {
    const { session, secret } = await enrol('Reseller');
    clock.advance(30_000);
    const noPassword = await post(session.access_token, '/users/me/mfa/disable', {
      password: 'Wrong#Pass2026',
      code: await codeAt(secret, clock.now()),
    });
    expect(noPassword.statusCode).toBe(400);
    expect(json(noPassword).code).toBe('CURRENT_PASSWORD_WRONG');
    const noCode = await post(session.access_token, '/users/me/mfa/disable', { password: DEMO_PASSWORD, code: '000000' });
    expect(noCode.statusCode).toBe(400);
    const missing = await post(session.access_token, '/users/me/mfa/disable', {});
    expect(json(missing).msg).toEqual(['Please enter your password', 'Enter the code from your authenticator app']);
    clock.advance(30_000);
    const off = await post(session.access_token, '/users/me/mfa/disable', { password: DEMO_PASSWORD, code: await codeAt(secret, clock.now()) });
    expect(off.statusCode).toBe(200);
    const login = await t.app.inject({ method: 'POST', url: '/web/users/login', payload: { email: demoEmail('Reseller'), password: DEMO_PASSWORD } });
    expect(json(login)).toHaveProperty('access_token');
  });
});

describe('MFA_REQUIRED_FOR: the type must enrol at sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { MFA_REQUIRED_FOR: 'SuperAdmin,PortfolioManager' } });
  });
  afterAll(() => t.close());

  it('sends a PortfolioManager without an app to set one up before any token is issued', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      payload: { email: demoEmail('PortfolioManager'), password: DEMO_PASSWORD, deviceId: 'pc' },
    });
    const challenge = json<Challenge>(login);
    expect(challenge).toMatchObject({ mfaRequired: true, enrollmentRequired: true });
    const setup = json<Setup>(await t.app.inject({ method: 'POST', url: '/web/users/login/mfa/setup', payload: { challenge: challenge.challenge } }));
    const done = await t.app.inject({
      method: 'POST',
      url: '/web/users/login/mfa',
      payload: { challenge: challenge.challenge, code: await generate({ secret: setup.secret }) },
    });
    expect(done.statusCode).toBe(200);
    const body = json<{ access_token: string; recoveryCodes: string[] }>(done);
    expect(body.recoveryCodes).toHaveLength(10);
    const account = await t.app.inject(authed(body.access_token, { method: 'GET', url: '/web/users/me/account' }));
    expect(json(account)).toMatchObject({ mfa: { enabled: true, required: true } });
    const off = await t.app.inject(
      authed(body.access_token, {
        method: 'POST',
        url: '/web/users/me/mfa/disable',
        payload: { password: DEMO_PASSWORD, code: body.recoveryCodes[0] },
      }),
    );
    expect(off.statusCode).toBe(409);
  });

  it('leaves other types alone', async () => {
    const session = await loginAs(t.app, 'Admin');
    expect(session.access_token).toBeTruthy();
  });

  it('refuses an unknown type in the setting at start', () => {
    expect(() => testConfig({ MFA_REQUIRED_FOR: 'SuperAdmin,Wizard' })).toThrow(/MFA_REQUIRED_FOR/);
  });
});
