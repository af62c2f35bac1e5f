import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail } from '../../db/seed/demo-users.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe('own account: profile, e-mail, password, sign-ins', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ACCESS_CACHE_TTL_MS: '0' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method, url: `/web${url}`, ...(payload ? { payload } : {}) }));
  const audit = (action: string, userId: string) =>
    t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.action, action), eq(activityLogs.entityId, userId)));

  it('shows and changes the profile with the spec messages, audited', async () => {
    const session = await loginAs(t.app, 'Admin');
    const account = json(await call(session.access_token, 'GET', '/users/me/account'));
    expect(account).toMatchObject({ email: 'admin@example.com', firstName: 'Dana', lastName: 'Chen', authProvider: 'password', pendingEmail: null });

    const blank = await call(session.access_token, 'PATCH', '/users/me/profile', { firstName: '  ', lastName: 'Chen' });
    expect(blank.statusCode).toBe(400);
    expect(json(blank).msg).toEqual(['First Name Field is required']);
    const digits = await call(session.access_token, 'PATCH', '/users/me/profile', { firstName: 'Dana', lastName: 'Ch3n', phoneNumber: 'call me' });
    expect(json(digits).msg).toEqual(['Last Name Should be alphabetic only', 'Phone Number must be a phone number, e.g. +1 415 555 0100']);

    const saved = await call(session.access_token, 'PATCH', '/users/me/profile', {
      firstName: 'Dana-Marie',
      lastName: "O'Chen",
      phoneNumber: '+1 (415) 555-0100',
    });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ firstName: 'Dana-Marie', lastName: "O'Chen", phoneNumber: '+1 (415) 555-0100' });
    const [row] = await audit('account.profile_update', session.userId);
    expect(row?.changes).toMatchObject({ firstName: { before: 'Dana', after: 'Dana-Marie' } });
  });

  it('keeps the chosen language on the account, so the next sign-in (another browser) starts in it; audited', async () => {
    // A read-only role chooses its language too: it changes how the product reads, not what it may do.
    const session = await loginAs(t.app, 'ReadonlySuperAdmin');
    expect(session.language).toBeNull();
    const wrong = await call(session.access_token, 'PUT', '/users/me/language', { language: 'pt' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).msg).toEqual(['Choose one of the languages offered']);

    const chosen = await call(session.access_token, 'PUT', '/users/me/language', { language: 'de' });
    expect(chosen.statusCode).toBe(200);
    expect(json(chosen)).toEqual({ language: 'de' });
    expect(json(await call(session.access_token, 'GET', '/users/me/account')).language).toBe('de');
    expect((await loginAs(t.app, 'ReadonlySuperAdmin')).language).toBe('de');
    const [row] = await audit('account.language_update', session.userId);
    expect(row?.changes).toEqual({ language: { before: null, after: 'de' } });
    // Choosing it again changes nothing and writes no second entry.
    await call(session.access_token, 'PUT', '/users/me/language', { language: 'de' });
    expect(await audit('account.language_update', session.userId)).toHaveLength(1);

    // E-mails to the account are written in its language from then on.
    await call(session.access_token, 'POST', '/users/me/password', { currentPassword: DEMO_PASSWORD, newPassword: 'Neues#Passwort2026' });
    const mail = await smtp.waitFor((m) => m.to.includes(demoEmail('ReadonlySuperAdmin')));
    expect(mail.subject).toBe('Ihr Wattdesk-Passwort wurde geändert');
    expect(mail.text).toContain('Das Passwort Ihres Wattdesk-Kontos wurde soeben geändert.');
  });

  it('changes the e-mail only when the link sent to the new address is used, and tells the old address', async () => {
    const session = await loginAs(t.app, 'ReadonlyAdmin');
    const wrongPassword = await call(session.access_token, 'POST', '/users/me/email-change', {
      newEmail: 'ro.new@example.com',
      password: 'Nope#2026',
    });
    expect(json(wrongPassword).code).toBe('CURRENT_PASSWORD_WRONG');
    const invalid = await call(session.access_token, 'POST', '/users/me/email-change', { newEmail: 'not-an-email', password: DEMO_PASSWORD });
    expect(json(invalid).msg).toEqual(['Please enter a valid email-id']);
    const taken = await call(session.access_token, 'POST', '/users/me/email-change', { newEmail: demoEmail('Admin'), password: DEMO_PASSWORD });
    expect(json(taken).code).toBe('EMAIL_TAKEN');

    const asked = await call(session.access_token, 'POST', '/users/me/email-change', { newEmail: 'RO.New@Example.com', password: DEMO_PASSWORD });
    expect(asked.statusCode).toBe(200);
    expect(json(asked)).toMatchObject({ email: 'readonlyadmin@example.com', pendingEmail: 'ro.new@example.com' });
    const confirm = await smtp.waitFor((mail) => mail.to.includes('ro.new@example.com'));
    const notice = await smtp.waitFor((mail) => mail.to.includes('readonlyadmin@example.com') && mail.subject.includes('e-mail address is changing'));
    expect(notice.text).toContain('ro.new@example.com');
    // Still the old address until the link is used.
    expect((await loginAs(t.app, 'ReadonlyAdmin')).access_token).toBeTruthy();

    const token = linkIn(confirm, '/confirm-email').searchParams.get('token')!;
    const confirmed = await t.app.inject({ method: 'POST', url: '/web/users/confirm-email-change', payload: { token } });
    expect(confirmed.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/web/users/confirm-email-change', payload: { token } });
    expect(again.statusCode).toBe(400);
    const login = await t.app.inject({ method: 'POST', url: '/web/users/login', payload: { email: 'ro.new@example.com', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
    expect(await audit('account.email_changed', session.userId)).toHaveLength(1);
  });

  it('changes the password: current one, spec rule, strength; other sign-ins end; a mail tells the owner', async () => {
    const here = await loginAs(t.app, 'MobileAdmin');
    const elsewhere = await loginAs(t.app, 'MobileAdmin');
    const change = (body: Record<string, unknown>) => call(here.access_token, 'POST', '/users/me/password', body);

    expect(json(await change({})).msg).toEqual(['Please enter your password', 'Please enter new password']);
    expect(json(await change({ currentPassword: DEMO_PASSWORD, newPassword: 'short' })).msg).toEqual([
      'Password needs to be at least 8 character long containing number, upper, lower and special case',
    ]);
    expect(json(await change({ currentPassword: 'Wrong#Pass2026', newPassword: 'Brand#New2026x' })).code).toBe('CURRENT_PASSWORD_WRONG');
    const weak = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Password1!' });
    expect(weak.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(weak).msg[0]).toBe('This password is too easy to guess. Add more words or characters that are hard to guess');

    const done = await change({ currentPassword: DEMO_PASSWORD, newPassword: 'Quartz#Lantern74' });
    expect(done.statusCode).toBe(200);
    expect((await call(here.access_token, 'GET', '/users/me/account')).statusCode).toBe(200);
    expect((await call(elsewhere.access_token, 'GET', '/users/me/account')).statusCode).toBe(401);
    const mail = await smtp.waitFor((m) => m.to.includes(demoEmail('MobileAdmin')) && m.subject === 'Your Wattdesk password was changed');
    expect(mail.text).toContain('other devices were signed out');
    const [row] = await audit('account.password_changed', here.userId);
    expect(row?.changes).toEqual({ otherSessionsEnded: { before: null, after: 1 } });
  });

  it('lists sign-ins with device and this device marked; signs out one, then all others', async () => {
    const login = (userAgent: string) =>
      t.app.inject({
        method: 'POST',
        url: '/web/users/login',
        payload: { email: demoEmail('Reseller'), password: DEMO_PASSWORD, deviceId: 'd' },
        headers: { 'user-agent': userAgent },
      });
    const current = json<{ access_token: string }>(await login(CHROME_MAC));
    const phone = json<{ access_token: string }>(
      await login(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    );
    await login('curl/8.5.0');
    const list = json<{ items: { id: string; device: string; isCurrent: boolean; ipAddress: string }[] }>(
      await call(current.access_token, 'GET', '/users/me/sessions'),
    );
    expect(list.items.length).toBeGreaterThanOrEqual(3);
    expect(list.items.find((item) => item.isCurrent)?.device).toBe('Chrome on macOS');
    expect(list.items.map((item) => item.device)).toContain('Safari on iOS');

    const phoneId = list.items.find((item) => item.device === 'Safari on iOS')!.id;
    expect((await call(current.access_token, 'DELETE', `/users/me/sessions/${phoneId}`)).statusCode).toBe(200);
    expect((await call(phone.access_token, 'GET', '/users/me/account')).statusCode).toBe(401);
    expect((await call(current.access_token, 'DELETE', `/users/me/sessions/${phoneId}`)).statusCode).toBe(404);
    expect((await call(current.access_token, 'DELETE', '/users/me/sessions/not-a-uuid')).statusCode).toBe(400);

    const others = await call(current.access_token, 'POST', '/users/me/sessions/sign-out-others');
    expect(json(others).ended).toBeGreaterThanOrEqual(1);
    const after = json<{ items: { isCurrent: boolean }[] }>(await call(current.access_token, 'GET', '/users/me/sessions'));
    expect(after.items).toEqual([expect.objectContaining({ isCurrent: true })]);
  });

  it("cannot end someone else's sign-in from the own-account call", async () => {
    const admin = await loginAs(t.app, 'Admin');
    const other = await loginAs(t.app, 'PortfolioManager');
    const [theirs] = json<{ items: { id: string }[] }>(await call(other.access_token, 'GET', '/users/me/sessions')).items;
    expect((await call(admin.access_token, 'DELETE', `/users/me/sessions/${theirs!.id}`)).statusCode).toBe(404);
    expect((await call(other.access_token, 'GET', '/users/me/account')).statusCode).toBe(200);
  });

  it("lets a SuperAdmin end another administrator's sign-ins, audited; others may not", async () => {
    const superAdmin = await loginAs(t.app, 'SuperAdmin');
    const target = await loginAs(t.app, 'ThirdPartyManufacturer');
    const manager = await loginAs(t.app, 'PortfolioManager');
    expect((await call(manager.access_token, 'POST', `/admins/${target.userId}/end-sessions`)).statusCode).toBe(403);
    const ended = await call(superAdmin.access_token, 'POST', `/admins/${target.userId}/end-sessions`);
    expect(ended.statusCode).toBe(200);
    expect(json(ended).ended).toBeGreaterThanOrEqual(1);
    expect((await call(target.access_token, 'GET', '/users/me/account')).statusCode).toBe(401);
    expect(await audit('admin.sessions_ended', target.userId)).toHaveLength(1);
    expect((await call(superAdmin.access_token, 'POST', `/admins/${superAdmin.userId}/end-sessions`)).statusCode).toBe(403);
  });
});
