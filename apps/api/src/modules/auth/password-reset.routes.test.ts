import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoEmail } from '../../db/seed/demo-users.ts';
import { manualClock } from '../../../test/clock.ts';
import { createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

describe('forgot and reset password, with mail over SMTP', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  const clock = manualClock();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, ACCESS_CACHE_TTL_MS: '0' }, now: clock.now });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/web/users/forgot-password', payload: { email } });
  const reset = (token: string, password: string) => t.app.inject({ method: 'POST', url: '/web/users/reset-password', payload: { token, password } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/web/users/login', payload: { email, password } });
  const resetTokenFor = async (email: string) => {
    const mail = await smtp.waitFor((m) => m.to.includes(email) && !usedMails.has(m));
    usedMails.add(mail);
    return linkIn(mail, '/reset-password').searchParams.get('token')!;
  };
  const usedMails = new Set<unknown>();

  it('answers known and unknown e-mails identically, and mails only the known one', async () => {
    const known = await forgot(demoEmail('Admin'));
    const unknown = await forgot('stranger@example.com');
    expect(known.statusCode).toBe(200);
    expect(json(known)).toEqual(json(unknown));
    expect(json(known)).toEqual({ responseCode: 200, msg: ['password reset link sent'] });

    const mail = await smtp.waitFor((m) => m.to.includes('admin@example.com'));
    usedMails.add(mail);
    expect(mail.subject).toBe('Reset your Wattdesk password');
    expect(mail.html).toContain('/reset-password?token=');
    expect(linkIn(mail, '/reset-password').origin).toBe('http://wattdesk.test');
    await t.app.background.drain();
    expect(smtp.messages.some((m) => m.to.includes('stranger@example.com'))).toBe(false);
  });

  it('resets once: the link is single use, the new password works and the old does not', async () => {
    await forgot(demoEmail('Reseller'));
    const token = await resetTokenFor('reseller@example.com');
    const before = await loginAs(t.app, 'Reseller');

    const first = await reset(token, 'Brand#New2026');
    expect(first.statusCode).toBe(200);
    const second = await reset(token, 'Other#Pass2026');
    expect(second.statusCode).toBe(400);
    expect(json(second).msg).toEqual(['This password reset link is invalid or has expired. Please request a new one']);

    expect((await login('reseller@example.com', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login('reseller@example.com', 'Brand#New2026')).statusCode).toBe(200);
    // A reset signs the account out everywhere.
    const oldRefresh = await t.app.inject({
      method: 'POST',
      url: '/web/users/refresh-token',
      payload: { token: before.refresh_token, deviceId: 'vitest' },
    });
    expect(oldRefresh.statusCode).toBe(401);
    // The owner is told, in case it was not them.
    const notice = await smtp.waitFor((m) => m.to.includes('reseller@example.com') && m.subject === 'Your Wattdesk password was changed');
    expect(notice.text).toContain('reset with a link sent to this address');
  });

  it('refuses a new password that is easy to guess, and keeps the link usable', async () => {
    await forgot(demoEmail('ManufacturingAdmin'));
    const token = await resetTokenFor('manufacturingadmin@example.com');
    const weak = await reset(token, 'Password1!');
    expect(weak.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(weak).msg[0]).toBe('This password is too easy to guess. Add more words or characters that are hard to guess');
    expect((await reset(token, 'Copper#Harbor2026')).statusCode).toBe(200);
  });

  it('refuses a link older than its lifetime (30 minutes)', async () => {
    await forgot(demoEmail('ReadonlyAdmin'));
    const token = await resetTokenFor('readonlyadmin@example.com');
    clock.advance(31 * 60 * 1000);
    const response = await reset(token, 'Later#Pass2026');
    expect(response.statusCode).toBe(400);
    expect((await login('readonlyadmin@example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('only the newest link works when several were requested', async () => {
    await forgot(demoEmail('MobileAdmin'));
    const older = await resetTokenFor('mobileadmin@example.com');
    await forgot(demoEmail('MobileAdmin'));
    const newer = await resetTokenFor('mobileadmin@example.com');
    expect((await reset(older, 'Older#Pass2026')).statusCode).toBe(400);
    expect((await reset(newer, 'Newer#Pass2026')).statusCode).toBe(200);
  });

  it('enforces the password rule with the spec message', async () => {
    const response = await reset('whatever', 'short');
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(['Password needs to be at least 8 character long containing number, upper, lower and special case']);
  });

  it('rejects an unknown token and a missing one with clear messages', async () => {
    expect(json(await reset('not-a-real-token', 'Valid#Pass2026')).msg).toEqual([
      'This password reset link is invalid or has expired. Please request a new one',
    ]);
    const missing = await t.app.inject({ method: 'POST', url: '/web/users/reset-password', payload: { password: 'Valid#Pass2026' } });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).msg).toEqual(['Token not found! Please try again']);
  });

  it('mails one account at most RESET_MAILS_PER_HOUR times an hour, answering every request the same', async () => {
    const limited = await createTestApp({ env: { SMTP_URL: smtp.url, RESET_MAILS_PER_HOUR: '2' }, now: clock.now });
    try {
      const email = demoEmail('MobileAdmin');
      const mailsTo = () => smtp.messages.filter((m) => m.to.includes(email)).length;
      const before = mailsTo();
      for (let i = 0; i < 4; i += 1) {
        const response = await limited.app.inject({ method: 'POST', url: '/web/users/forgot-password', payload: { email } });
        expect(json(response)).toEqual({ responseCode: 200, msg: ['password reset link sent'] });
      }
      await limited.app.background.drain();
      expect(mailsTo() - before).toBe(2);
      clock.advance(3_600_000 + 1);
      await limited.app.inject({ method: 'POST', url: '/web/users/forgot-password', payload: { email } });
      await limited.app.background.drain();
      expect(mailsTo() - before).toBe(3);
    } finally {
      await limited.close();
    }
  });

  it('validates the forgot-password e-mail with the popup messages', async () => {
    expect(json(await forgot('')).msg).toEqual(['Please enter email']);
    expect(json(await forgot('nope')).msg).toEqual(['Enter a valid email']);
  });
});
