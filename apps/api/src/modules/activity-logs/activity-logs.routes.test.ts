import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLogs } from '../../db/schema/index.ts';
import { recordActivity } from '../../lib/audit.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, json, loginAs, type TestApp } from '../../../test/test-app.ts';

type Row = {
  action: string;
  actorEmail: string | null;
  locationId: string | null;
  locationName: string | null;
  entityId: string | null;
  entityName: string | null;
  actorName: string | null;
  locationTimeZone: string | null;
  changes: unknown;
};
type Page = { items: Row[]; total: number };

describe('the activity log', () => {
  let t: TestApp;
  let loc: Record<string, string>;
  const tokens: Record<string, string> = {};
  let adminId: string;

  beforeAll(async () => {
    t = await createTestApp();
    loc = await demoLocationIds(t.database.db);
    for (const type of ['SuperAdmin', 'Admin', 'ReadonlyAdmin', 'PortfolioManager'] as const) {
      const session = await loginAs(t.app, type);
      tokens[type] = session.access_token;
      if (type === 'Admin') adminId = session.userId;
    }
    // Rows as other modules write them: at a location, with before/after values.
    const someone = { userId: null, email: 'ops@example.com', userType: 'SuperAdmin' as const, ip: '203.0.113.9' };
    await recordActivity(t.database.db, someone, {
      action: 'charger.update',
      entity: 'charger',
      entityId: 'WD-1',
      locationId: loc['sf-embarcadero'],
      changes: { name: { before: 'Bay 1', after: 'Bay One' } },
    });
    await recordActivity(t.database.db, someone, {
      action: 'charger.update',
      entity: 'charger',
      entityId: 'WD-2',
      locationId: loc['oak-uptown'],
      changes: { name: { before: 'Bay 2', after: '=HYPERLINK("x")' } },
    });
    await recordActivity(
      t.database.db,
      { ...someone, email: '=cmd|calc' },
      { action: 'location.update', entity: 'location', entityId: loc['oak-uptown'], locationId: loc['oak-uptown'] },
    );
  });
  afterAll(() => t.close());

  const get = (type: string, url: string) => t.app.inject(authed(tokens[type]!, { method: 'GET', url }));
  const list = async (type: string, query = '') => json<Page>(await get(type, `/web/activity-logs${query}`));

  it('shows everything to SuperAdmin, newest first, with location names', async () => {
    const page = await list('SuperAdmin', '?pageSize=200');
    expect(page.items[0]!.action).toBe('location.update');
    expect(page.items.filter((row) => row.action === 'auth.login')).toHaveLength(4);
    expect(page.items.find((row) => row.entityId === 'WD-1')).toMatchObject({
      locationName: 'Embarcadero Center Garage',
      changes: { name: { before: 'Bay 1', after: 'Bay One' } },
    });
  });

  it('names what it can: the actor, the user, location or charger acted on, and the location’s time zone', async () => {
    const page = await list('SuperAdmin', '?pageSize=200');
    const updated = page.items.find((row) => row.action === 'location.update')!;
    expect(updated).toMatchObject({ entityName: 'Uptown Station', locationName: 'Uptown Station', locationTimeZone: 'America/Los_Angeles' });
    const signIn = page.items.find((row) => row.action === 'auth.login' && row.entityId === adminId)!;
    expect(signIn.entityName).toMatch(/\S+ \S+/);
    expect(signIn.actorName).toBe(signIn.entityName);
    expect(signIn.locationTimeZone).toBeNull();
    // An id that names nothing (a charger code written by an older module) stays an id, without a name.
    expect(page.items.find((row) => row.entityId === 'WD-1')!.entityName).toBeNull();
  });

  it('filters by actor, action (exact or family), entity, location and time', async () => {
    expect((await list('SuperAdmin', '?actor=READONLYADMIN')).items.map((row) => row.action)).toEqual(['auth.login']);
    expect((await list('SuperAdmin', '?action=charger')).total).toBe(2);
    expect((await list('SuperAdmin', '?action=charger.update&locationId=' + loc['oak-uptown'])).total).toBe(1);
    expect((await list('SuperAdmin', '?entity=location')).items.map((row) => row.action)).toEqual(['location.update']);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list('SuperAdmin', `?from=${encodeURIComponent(future)}`)).total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await list('SuperAdmin', `?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}&action=auth.login`)).total).toBe(4);
    const backwards = await get('SuperAdmin', `/web/activity-logs?from=${encodeURIComponent(future)}&to=${encodeURIComponent(past)}`);
    expect(backwards.statusCode).toBe(400);
    expect(json(backwards).msg).toEqual(['From must be before To']);
    expect(json(await get('SuperAdmin', '/web/activity-logs?from=yesterday')).msg).toEqual(['From must be a date and time']);
  });

  it('scopes rows to the locations in reach; rows without a location only when they are about the user', async () => {
    const page = await list('Admin', '?pageSize=200');
    expect(page.items.map((row) => row.locationId).filter(Boolean)).toEqual([loc['sf-embarcadero']]);
    const unlocated = page.items.filter((row) => row.locationId === null);
    expect(unlocated.map((row) => row.action)).toEqual(['auth.login']);
    expect(unlocated[0]!.entityId).toBe(adminId);
    expect(page.total).toBe(page.items.length);

    const outside = await get('Admin', `/web/activity-logs?locationId=${loc['oak-uptown']}`);
    expect(outside.statusCode).toBe(403);
    expect(json(outside).msg).toEqual(['You do not have access to this location']);
    expect((await get('Admin', `/web/activity-logs/export?locationId=${loc['oak-uptown']}`)).statusCode).toBe(403);
    expect((await list('PortfolioManager', `?locationId=${loc['oak-uptown']}`)).total).toBe(2);
  });

  it('exports the filtered rows as CSV, safe to open in a spreadsheet', async () => {
    const response = await get('SuperAdmin', `/web/activity-logs/export?locationId=${loc['oak-uptown']}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="activity-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (location time zone or UTC),Actor,Actor name,Actor type,Action,Entity,Entity id,Entity name,Location,Location id,Changes,IP address',
    );
    expect(lines[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} -0[78]:00,/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`'=cmd|calc,,SuperAdmin,location.update,location,${loc['oak-uptown']},Uptown Station,Uptown Station`);
    expect(lines[2]).toContain('"name: Bay 2 → =HYPERLINK(""x"")"');
    expect(lines[2]).toContain('203.0.113.9');
  });

  it('exports every matching row, page after page, without repeats', async () => {
    const at = new Date();
    await t.database.db
      .insert(activityLogs)
      .values(Array.from({ length: 1203 }, (_, n) => ({ action: 'bulk.test', entity: 'charger', entityId: `B-${n}`, createdAt: at, updatedAt: at })));
    const response = await get('SuperAdmin', '/web/activity-logs/export?action=bulk.test');
    const ids = response.body
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => line.split(',')[6]);
    expect(ids).toHaveLength(1203);
    expect(new Set(ids).size).toBe(1203);
  });

  it('read-only administrators may look but not export', async () => {
    expect((await get('ReadonlyAdmin', '/web/activity-logs')).statusCode).toBe(200);
    expect((await get('ReadonlyAdmin', '/web/activity-logs/export')).statusCode).toBe(403);
  });
});
