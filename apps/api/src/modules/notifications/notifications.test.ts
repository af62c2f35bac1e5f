import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import type { NotificationList } from '@wattdesk/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargers, notifications } from '../../db/schema/index.ts';
import { BackgroundTasks } from '../../lib/background.ts';
import { createLocalBus } from '../../lib/cluster-bus.ts';
import { createMailer } from '../../lib/mailer.ts';
import { createNotificationsService } from './notifications.service.ts';
import { eventually, startOcppApp, type OcppTestApp } from '../../../test/ocpp-harness.ts';
import { authed, json, loginAs } from '../../../test/test-app.ts';

/** Notifications from real sources: a simulated charger's fault and a driver accepting the invitation. */
describe('notifications', () => {
  let t: OcppTestApp;
  let smtp: SmtpSink;
  let adminToken: string;
  let outsiderToken: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await startOcppApp({ env: { SMTP_URL: smtp.url, RESERVATION_JOB_SECONDS: '0' } });
    // Admin reaches the San Francisco locations; ReadonlyAdmin does not reach Mission Bay.
    adminToken = (await loginAs(t.app, 'Admin')).access_token;
    outsiderToken = (await loginAs(t.app, 'ReadonlyAdmin')).access_token;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(token, { method, url: `/web/notifications${url}`, ...(payload ? { payload } : {}) }));
  const list = async (token: string, query = '') => json<NotificationList>(await call(token, 'GET', `/notification-list${query}`));

  it('a fault becomes one notification for those who reach the location, e-mailed to who asked, read per user', async () => {
    expect(json(await call(adminToken, 'PUT', '/preferences', { emailTypes: ['charger-faulted', 'charger-faulted'] }))).toEqual({
      emailTypes: ['charger-faulted'],
    });
    expect((await call(adminToken, 'PUT', '/preferences', { emailTypes: ['fire'] })).statusCode).toBe(400);
    const registered = await t.registerCharger('sf-mission-bay');
    const charger = t.simulate(registered);
    await charger.connect();
    const before = (await list(adminToken)).unreadCount;

    await charger.fault(1, 'GroundFailure');
    await charger.fault(1, 'GroundFailure');
    const page = await eventually(async () => {
      const current = await list(adminToken);
      expect(current.items[0]).toMatchObject({
        type: 'charger-faulted',
        title: `${registered.name} faulted`,
        read: false,
        locationName: 'Mission Bay Commons',
      });
      return current;
    });
    // The second report of the same fault within minutes is not a second notification.
    expect(page.unreadCount).toBe(before + 1);
    expect(page.items[0]!.body).toContain('GroundFailure');
    const mail = await smtp.waitFor((m) => m.to.includes('admin@example.com') && m.subject === `${registered.name} faulted`);
    expect(linkIn(mail, '/dashboard').pathname).toBe('/dashboard');
    expect((await list(outsiderToken)).items.some((item) => item.id === page.items[0]!.id)).toBe(false);
    expect((await call(outsiderToken, 'POST', `/${page.items[0]!.id}/read`)).statusCode).toBe(403);

    expect((await call(adminToken, 'POST', `/${page.items[0]!.id}/read`)).statusCode).toBe(200);
    const afterOne = await list(adminToken, '?unreadOnly=true');
    expect(afterOne.unreadCount).toBe(before);
    expect(afterOne.items.some((item) => item.id === page.items[0]!.id)).toBe(false);
    expect(json(await call(adminToken, 'POST', '/read-all'))).toMatchObject({ msg: ['All notifications marked read'] });
    expect((await list(adminToken)).unreadCount).toBe(0);
    const superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    expect((await list(superToken)).items.find((item) => item.id === page.items[0]!.id)?.read).toBe(false);
  });

  it('a driver accepting the invitation is told to the location', async () => {
    const lot = t.locations['sf-mission-bay']!;
    const registered = await t.app.inject(
      authed(adminToken, {
        method: 'POST',
        url: '/web/drivers/register-user',
        payload: { locationId: lot, email: 'noor.accepts@example.com', firstName: 'Noor', lastName: 'Haddad', idTags: [] },
      }),
    );
    expect(registered.statusCode).toBe(201);
    const invitation = await smtp.waitFor((m) => m.to.includes('noor.accepts@example.com'));
    const token = linkIn(invitation, '/reset-password').searchParams.get('token')!;
    expect((await t.app.inject({ method: 'POST', url: '/web/users/reset-password', payload: { token, password: 'Driver#2026x' } })).statusCode).toBe(
      200,
    );
    await eventually(async () =>
      expect((await list(adminToken)).items[0]).toMatchObject({ type: 'driver-accepted', title: 'Noor Haddad accepted the invitation', read: false }),
    );

    // The notifications page: by type and read state, paged on the server; the badge's count stays the whole reach.
    const accepted = await list(adminToken, '?type=driver-accepted&state=unread&pageSize=1');
    expect(accepted.items.map((item) => item.type)).toEqual(['driver-accepted']);
    expect(accepted).toMatchObject({ total: 1, pageSize: 1 });
    const faults = await list(adminToken, '?type=charger-faulted&state=read');
    expect(faults.items.length).toBeGreaterThan(0);
    expect(faults.items.every((item) => item.type === 'charger-faulted' && item.read)).toBe(true);
    expect((await list(adminToken, '?type=driver-accepted&state=read')).total).toBe(0);
    expect(accepted.unreadCount).toBe((await list(adminToken)).unreadCount);
    expect((await call(adminToken, 'POST', `/${accepted.items[0]!.id}/read`)).statusCode).toBe(200);
    expect((await list(adminToken, '?type=driver-accepted&state=read')).total).toBe(1);
    const refused = await call(adminToken, 'GET', '/notification-list?type=fire&state=maybe');
    expect(refused.statusCode).toBe(400);
    expect(json<{ msg: string[] }>(refused).msg).toEqual(
      expect.arrayContaining(['State must be unread or read', expect.stringMatching(/^Type must be one of charger-faulted/)]),
    );
  });

  it('a charger offline longer than the set time is told once per offline spell', async () => {
    const registered = await t.registerCharger('sf-mission-bay');
    const service = createNotificationsService({
      db: t.database.db,
      bus: createLocalBus(),
      mailer: createMailer({ smtpUrl: smtp.url, from: 'noreply@example.com', outboxDir: '', logger: t.app.log }),
      background: new BackgroundTasks(t.app.log),
      publicUrl: 'http://localhost',
      now: () => new Date(),
      log: t.app.log,
    });
    const told = () => t.database.db.select().from(notifications).where(eq(notifications.type, 'charger-offline'));
    const seen = async (minutesAgo: number) =>
      t.database.db
        .update(chargers)
        .set({ lastSeenAt: new Date(Date.now() - minutesAgo * 60_000), connectedNode: null })
        .where(eq(chargers.id, registered.id));
    await seen(10);
    await service.watchOffline(15);
    expect((await told()).filter((row) => row.subjectId?.startsWith(registered.id))).toHaveLength(0);
    await seen(20);
    await service.watchOffline(15);
    await service.watchOffline(15);
    const rows = (await told()).filter((row) => row.subjectId?.startsWith(registered.id));
    expect(rows.map((row) => row.title)).toEqual([`${registered.name} is offline`]);
    expect(rows[0]!.body).toContain('more than 15 minutes');
  });

  it('demo chargers no simulator runs are not news at the start of the demo, until one connects and drops', async () => {
    const service = createNotificationsService({
      db: t.database.db,
      bus: createLocalBus(),
      mailer: createMailer({ smtpUrl: smtp.url, from: 'noreply@example.com', outboxDir: '', logger: t.app.log }),
      background: new BackgroundTasks(t.app.log),
      publicUrl: 'http://localhost',
      now: () => new Date(),
      log: t.app.log,
    });
    const demo = await t.database.db
      .select()
      .from(chargers)
      .where(and(eq(chargers.demoNotConnected, true), eq(chargers.availability, 'operative')));
    // The seed's chargers were last seen up to six hours ago: all within the watch's day, none connected.
    expect(demo.length).toBeGreaterThan(20);
    const toldAbout = async (id: string) =>
      (await t.database.db.select().from(notifications).where(eq(notifications.type, 'charger-offline'))).filter((row) =>
        row.subjectId?.startsWith(id),
      );
    await service.watchOffline(15);
    for (const charger of demo) expect(await toldAbout(charger.id)).toEqual([]);
    expect(await t.charger(demo[0]!.id)).toMatchObject({ status: demo[0]!.status, demoNotConnected: true, connected: false });

    // Simulated after all: its first connection clears the flag, and once it drops it is watched like any charger.
    const simulator = t.simulate({ chargerId: demo[0]!.chargerId });
    await simulator.connect();
    await eventually(async () => expect((await t.charger(demo[0]!.id)).demoNotConnected).toBe(false));
    await simulator.close();
    await eventually(async () => expect((await t.charger(demo[0]!.id)).connected).toBe(false));
    await t.database.db
      .update(chargers)
      .set({ lastSeenAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(chargers.id, demo[0]!.id));
    await service.watchOffline(15);
    expect(await toldAbout(demo[0]!.id)).toHaveLength(1);
  });
});
