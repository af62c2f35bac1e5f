import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../src/db/schema/index.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../test-app.ts';

/**
 * Security review, item 7: exports, permission refusals and lock refusals left no trace in the activity log,
 * and the application's own database role could rewrite or delete the log.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_LOCK_AFTER_FAILURES: '2', LOGIN_BACKOFF_AFTER_FAILURES: '5' } });
});
afterAll(() => t.close());

const latest = async (action: string) =>
  (await t.database.db.select().from(activityLogs).where(eq(activityLogs.action, action)).orderBy(desc(activityLogs.seq)).limit(1))[0];

describe('security: the activity log records what happens around the data (item 7)', () => {
  it('an export: who took which data out, with which filter', async () => {
    const admin = await loginAs(t.app, 'SuperAdmin');
    const response = await t.app.inject(authed(admin.access_token, { method: 'GET', url: '/web/activity-logs/export?action=auth.login' }));
    expect(response.statusCode).toBe(200);
    // Written once the download has been sent, so it may land just after the answer.
    await expect
      .poll(() => latest('export'))
      .toMatchObject({
        actorUserId: admin.userId,
        actorEmail: 'superadmin@example.com',
        entity: 'activity-logs',
        changes: { filter: { before: null, after: { action: 'auth.login' } } },
      });
  });

  it('a refusal for lack of permission (403)', async () => {
    const readonly = await loginAs(t.app, 'ReadonlyAdmin');
    const response = await t.app.inject(authed(readonly.access_token, { method: 'POST', url: '/web/locations', payload: {} }));
    expect(response.statusCode).toBe(403);
    expect(await latest('access.denied')).toMatchObject({
      actorUserId: readonly.userId,
      entity: 'route',
      entityId: 'POST /web/locations',
      changes: { reason: { before: null, after: 'FORBIDDEN' } },
    });
  });

  it('a sign-in refused because the account is locked', async () => {
    const attempt = () =>
      t.app.inject({ method: 'POST', url: '/web/users/login', payload: { email: 'admin@example.com', password: 'Wrong#Password1' } });
    expect((await attempt()).statusCode).toBe(401);
    expect((await attempt()).statusCode).toBe(401);
    const refused = await attempt();
    expect(refused.json()).toMatchObject({ responseCode: 429, code: 'ACCOUNT_LOCKED' });
    expect(await latest('auth.refused_locked')).toMatchObject({ actorEmail: 'admin@example.com', entity: 'user' });
  });
});

describe('security: the activity log is append-only in the database (item 7)', () => {
  it('refuses UPDATE, DELETE and TRUNCATE from the application role, and still takes new rows', async () => {
    const { db } = t.database;
    const before = await db.select({ count: sql<number>`count(*)::int` }).from(activityLogs);
    await expect(db.execute(sql`update activity_logs set action = 'tampered'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from activity_logs`)).rejects.toThrow();
    await expect(db.execute(sql`truncate activity_logs`)).rejects.toThrow();
    expect(await db.select({ count: sql<number>`count(*)::int` }).from(activityLogs)).toEqual(before);
    expect((await db.select().from(activityLogs).where(eq(activityLogs.action, 'tampered'))).length).toBe(0);
    await db.insert(activityLogs).values({ action: 'test.append', entity: 'test' });
    expect((await latest('test.append'))?.entity).toBe('test');
  });
});
