import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { users } from '../../db/schema/index.ts';
import { demoLocationIds, userIdOf } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

describe('changing, deactivating and reactivating administrators', () => {
  let t: TestApp;
  let superToken: string;
  let loc: Record<string, string>;

  // The default access cache (5 s) stays on: deactivation must not wait for it to run out.
  beforeAll(async () => {
    t = await createTestApp();
    superToken = (await loginAs(t.app, 'SuperAdmin')).access_token;
    loc = await demoLocationIds(t.database.db);
  });
  afterAll(() => t.close());

  const asSuper = (method: 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject(authed(superToken, { method, url, ...(payload ? { payload } : {}) }));
  const activityOf = (userId: string, action: string) =>
    t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityId, userId), eq(activityLogs.action, action)));

  it('deactivation ends the sessions at once and blocks sign-in; reactivation restores it', async () => {
    const session = await loginAs(t.app, 'ReadonlyAdmin');
    const userId = session.userId;
    const before = await t.app.inject(authed(session.access_token, { method: 'GET', url: '/web/locations' }));
    expect(before.statusCode).toBe(200);

    const deactivated = await asSuper('POST', `/web/admins/${userId}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    expect(json(deactivated)).toMatchObject({ status: 'INACTIVE' });
    expect((await t.app.inject(authed(session.access_token, { method: 'GET', url: '/web/locations' }))).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/web/users/refresh-token',
      payload: { token: session.refresh_token, deviceId: 'vitest' },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      payload: { email: 'readonlyadmin@example.com', password: 'Charge#2026' },
    });
    expect(login.statusCode).toBe(403);
    expect(json(login).msg).toEqual(['This account is inactive. Contact your administrator']);
    expect((await asSuper('POST', `/web/admins/${userId}/deactivate`)).statusCode).toBe(409);
    const [row] = await activityOf(userId, 'admin.deactivate');
    expect(row!.changes).toEqual({ status: { before: 'ACTIVE', after: 'INACTIVE' } });

    const reactivated = await asSuper('POST', `/web/admins/${userId}/reactivate`);
    expect(json(reactivated)).toMatchObject({ status: 'ACTIVE' });
    expect((await loginAs(t.app, 'ReadonlyAdmin')).userId).toBe(userId);
    expect((await asSuper('POST', `/web/admins/${userId}/reactivate`)).statusCode).toBe(409);
    expect((await activityOf(userId, 'admin.reactivate'))[0]!.changes).toEqual({ status: { before: 'INACTIVE', after: 'ACTIVE' } });
  });

  it('an administrator who never set a password returns to PENDING', async () => {
    const invited = await asSuper('POST', '/web/admins/invite', {
      email: 'pending@example.com',
      firstName: 'Pen',
      lastName: 'Ding',
      userType: 'MobileAdmin',
      locationIds: [loc['oak-uptown']],
    });
    const { id } = json<{ id: string }>(invited);
    await asSuper('POST', `/web/admins/${id}/deactivate`);
    expect(json(await asSuper('POST', `/web/admins/${id}/reactivate`))).toMatchObject({ status: 'PENDING' });
  });

  it('a changed type and location list apply to the next request, with before and after logged', async () => {
    await t.database.db.insert(users).values({
      email: 'mover@example.com',
      passwordHash: await hashPassword('Mover#Pass2026'),
      firstName: 'Mo',
      lastName: 'Ver',
      userType: 'Admin',
      status: 'ACTIVE',
    });
    const userId = await userIdOf(t.database.db, 'mover@example.com');
    await asSuper('PATCH', `/web/admins/${userId}`, { locationIds: [loc['sf-embarcadero']] });
    const login = await t.app.inject({
      method: 'POST',
      url: '/web/users/login',
      payload: { email: 'mover@example.com', password: 'Mover#Pass2026' },
    });
    const token = json<{ access_token: string }>(login).access_token;
    const exportAsMover = () => t.app.inject(authed(token, { method: 'GET', url: '/web/activity-logs/export' }));
    expect((await exportAsMover()).statusCode).toBe(200);

    const changed = await asSuper('PATCH', `/web/admins/${userId}`, {
      userType: 'ReadonlyAdmin',
      locationIds: [loc['sf-civic-center'], loc['sf-embarcadero']],
    });
    expect(changed.statusCode).toBe(200);
    expect(json(changed)).toMatchObject({ userType: 'ReadonlyAdmin' });
    expect((await exportAsMover()).statusCode).toBe(403);
    const civic = await t.app.inject(authed(token, { method: 'GET', url: `/web/locations/location-by-id?locationId=${loc['sf-civic-center']}` }));
    expect(civic.statusCode).toBe(200);

    const [row] = await activityOf(userId, 'admin.update');
    const changes = (await activityOf(userId, 'admin.update')).at(-1)!.changes!;
    expect(row).toBeDefined();
    expect(changes.userType).toEqual({ before: 'Admin', after: 'ReadonlyAdmin' });
    expect(changes.locationIds!.after).toEqual([loc['sf-civic-center'], loc['sf-embarcadero']].sort());

    const unchanged = await asSuper('PATCH', `/web/admins/${userId}`, { userType: 'ReadonlyAdmin' });
    expect(unchanged.statusCode).toBe(200);
    expect(await activityOf(userId, 'admin.update')).toHaveLength(2);
  });
});
