import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

type Page = { items: { level: string; source: string; event: string; message: string; details: Record<string, unknown> | null }[]; total: number };

describe('the system log', () => {
  let t: TestApp;
  let staff: string;

  // An SMTP server that is not there: every mail fails, as when the provider is down.
  beforeAll(async () => {
    t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    staff = (await loginAs(t.app, 'ReadonlySuperAdmin')).access_token;
  });
  afterAll(() => t.close());

  const get = (token: string, url: string) => t.app.inject(authed(token, { method: 'GET', url }));

  it('records mail that could not be delivered, once, without the full address', async () => {
    await t.app.inject({ method: 'POST', url: '/web/users/forgot-password', payload: { email: 'admin@example.com' } });
    await t.app.background.drain();
    const page = json<Page>(await get(staff, '/web/system-logs'));
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({
      level: 'error',
      source: 'mail',
      event: 'mail.failed',
      details: { subject: 'Reset your Wattdesk password', recipientDomain: 'example.com' },
    });
    expect(JSON.stringify(page.items[0])).not.toContain('admin@example.com');
  });

  it('records background jobs that fail, and filters by source and text', async () => {
    t.app.background.run('nightly-report', async () => {
      throw new Error('report storage is full');
    });
    await t.app.background.drain();
    const background = json<Page>(await get(staff, '/web/system-logs?source=background'));
    expect(background.items.map((item) => [item.event, item.message])).toEqual([['task.nightly-report', 'report storage is full']]);
    expect(json<Page>(await get(staff, '/web/system-logs?search=storage')).total).toBe(1);
    expect(json<Page>(await get(staff, '/web/system-logs?level=warning')).total).toBe(0);
  });

  it('exports as CSV for staff, and is closed to everyone else', async () => {
    const csv = await get(staff, '/web/system-logs/export?source=background');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('Time (UTC),Level,Source,Event,Message,Details');
    expect(csv.body).toContain('task.nightly-report,report storage is full');
    const admin = (await loginAs(t.app, 'Admin')).access_token;
    expect((await get(admin, '/web/system-logs')).statusCode).toBe(403);
  });
});
