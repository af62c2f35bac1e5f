import { linkIn, startSmtpSink, type SmtpSink } from '@wattdesk/test-support';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { manualClock } from '../../../test/clock.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

type Item = { id: string; email: string; userType: string; status: string; locations: { id: string; name: string }[]; lastSignInAt: string | null };

describe('inviting an administrator, with the invitation mailed over SMTP', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let superToken: string;
  let loc: Record<string, string>;
  const clock = manualClock();

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, now: clock.now });
    superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    loc = await demoLocationIds(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const invite = (payload: Record<string, unknown>, token = superToken) =>
    t.app.inject(authed(token, { method: 'POST', url: '/web/admins/invite', payload }));
  const setPassword = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/web/users/reset-password', payload: { token, password } });
  const login = (email: string, password: string) => t.app.inject({ method: 'POST', url: '/web/users/login', payload: { email, password } });
  const inviteToken = async (email: string, seen: Set<unknown>) => {
    const mail = await smtp.waitFor((m) => m.to.includes(email) && !seen.has(m));
    seen.add(mail);
    return { mail, url: linkIn(mail, '/reset-password') };
  };
  const seen = new Set<unknown>();

  it('invite → PENDING account → e-mail → set password → ACTIVE and signed in', async () => {
    const response = await invite({
      email: ' New.Person@Example.com ',
      firstName: 'Noor',
      lastName: 'Haddad',
      userType: 'Admin',
      locationIds: [loc['oak-uptown'], loc['sf-embarcadero']],
    });
    expect(response.statusCode).toBe(201);
    const created = json<Item>(response);
    expect(created).toMatchObject({ email: 'new.person@example.com', userType: 'Admin', status: 'PENDING', lastSignInAt: null });
    expect(created.locations.map((l) => l.name)).toEqual(['Embarcadero Center Garage', 'Uptown Station']);

    const { mail, url } = await inviteToken('new.person@example.com', seen);
    expect(mail.subject).toBe('You are invited to Wattdesk');
    expect(mail.text).toContain('Alex Rivera invited you to Wattdesk as Administrator');
    expect(mail.text).toContain('expires in 7 days');
    expect(url.origin).toBe('http://wattdesk.test');
    expect(url.searchParams.get('invite')).toBe('1');

    expect((await login('new.person@example.com', 'Fresh#Start2026')).statusCode).toBe(401);
    expect((await setPassword(url.searchParams.get('token')!, 'Fresh#Start2026')).statusCode).toBe(200);
    const signedIn = await login('new.person@example.com', 'Fresh#Start2026');
    expect(signedIn.statusCode).toBe(200);
    expect(json(signedIn)).toMatchObject({ userType: 'Admin' });
    expect(json<{ locations: string[] }>(signedIn).locations.sort()).toEqual([loc['oak-uptown'], loc['sf-embarcadero']].sort());

    const list = await t.app.inject(authed(superToken, { method: 'GET', url: '/web/admins?search=new.person' }));
    const [listed] = json<{ items: Item[] }>(list).items;
    expect(listed).toMatchObject({ id: created.id, status: 'ACTIVE' });
    expect(listed!.lastSignInAt).not.toBeNull();

    const rows = await t.database.db.select().from(activityLogs).where(eq(activityLogs.entityId, created.id));
    const invited = rows.find((row) => row.action === 'admin.invite')!;
    expect(invited).toMatchObject({ actorEmail: 'superadmin@example.com', actorType: 'SuperAdmin', entity: 'user' });
    expect(invited.changes).toMatchObject({ userType: { before: null, after: 'Admin' }, status: { before: null, after: 'PENDING' } });
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['admin.invite', 'auth.invitation_accepted', 'auth.login']));
  });

  it('refuses an e-mail that already has an account', async () => {
    const response = await invite({
      email: 'admin@example.com',
      firstName: 'Dana',
      lastName: 'Chen',
      userType: 'Admin',
      locationIds: [loc['sf-embarcadero']],
    });
    expect(response.statusCode).toBe(409);
    expect(json(response).msg).toEqual(['An account with this e-mail already exists']);
  });

  it('validates with the spec messages', async () => {
    const response = await invite({ email: 'not-an-email', firstName: 'R2D2', lastName: '', userType: 'Driver', locationIds: [] });
    expect(response.statusCode).toBe(400);
    expect(json(response).msg).toEqual(
      expect.arrayContaining([
        'Please enter a valid email-id',
        'First name Should be alphabetic only',
        'Last name Field is required',
        'Choose an administrator type',
      ]),
    );
    const noLocations = await invite({ email: 'x@example.com', firstName: 'Ex', lastName: 'Ample', userType: 'Admin', locationIds: [] });
    expect(json(noLocations).msg).toEqual(['Choose at least one location']);
    const unknown = await invite({
      email: 'x@example.com',
      firstName: 'Ex',
      lastName: 'Ample',
      userType: 'Admin',
      locationIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).msg).toEqual(['One of the chosen locations does not exist']);
  });

  it('a SuperAdmin invitee reaches every location, so no list is stored', async () => {
    const response = await invite({
      email: 'second.super@example.com',
      firstName: 'Sam',
      lastName: 'Lee',
      userType: 'SuperAdmin',
      locationIds: [loc['oak-uptown']],
    });
    expect(response.statusCode).toBe(201);
    expect(json<Item>(response).locations).toEqual([]);
  });

  it('an invitation expires after 7 days; a resent one works and the older link stops working', async () => {
    const created = json<Item>(
      await invite({
        email: 'late@example.com',
        firstName: 'Lou',
        lastName: 'Late',
        userType: 'ReadonlyAdmin',
        locationIds: [loc['sf-mission-bay']],
      }),
    );
    const first = (await inviteToken('late@example.com', seen)).url.searchParams.get('token')!;
    clock.advance(7 * 24 * 3_600_000 + 60_000);
    const expired = await setPassword(first, 'Late#Start2026');
    expect(expired.statusCode).toBe(400);

    const resent = await t.app.inject(authed(superToken, { method: 'POST', url: `/web/admins/${created.id}/resend-invitation` }));
    expect(resent.statusCode).toBe(200);
    const second = (await inviteToken('late@example.com', seen)).url.searchParams.get('token')!;
    expect(second).not.toBe(first);
    expect((await setPassword(second, 'Late#Start2026')).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, created.id), eq(activityLogs.action, 'admin.invitation_resent')));
    expect(row).toBeDefined();

    const again = await t.app.inject(authed(superToken, { method: 'POST', url: `/web/admins/${created.id}/resend-invitation` }));
    expect(again.statusCode).toBe(409);
  });
});
