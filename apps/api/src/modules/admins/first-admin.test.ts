import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { activityLogs } from '../../db/schema/index.ts';
import { createTestDatabase, testConfig } from '../../../test/test-app.ts';
import { createFirstAdmin, FirstAdminRefused } from './first-admin.ts';

/** Issue 39: the first SuperAdmin of an empty production database, from the command line (npm run create-admin). */
describe('create-admin: the first SuperAdmin', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const ada = { email: ' Ada@Example.com ', firstName: 'Ada', lastName: 'Lovelace', password: 'Quartz#Harbor-7719' };

  it('refuses a weak password and a malformed e-mail before writing anything', async () => {
    await expect(createFirstAdmin(database.db, { ...ada, password: 'short' })).rejects.toThrow(/Password needs to be at least 8/);
    await expect(createFirstAdmin(database.db, { ...ada, password: 'Password#1' })).rejects.toThrow(/too easy to guess/);
    await expect(createFirstAdmin(database.db, { ...ada, email: 'not-an-email' })).rejects.toThrow(FirstAdminRefused);
    expect(await database.db.select().from(activityLogs)).toEqual([]);
  });

  it('creates it once, with an audit row naming the command line, and the admin signs in', async () => {
    const admin = await createFirstAdmin(database.db, ada);
    expect(admin.email).toBe('ada@example.com');
    const [row] = await database.db.select().from(activityLogs).where(eq(activityLogs.entityId, admin.id));
    expect(row).toMatchObject({ action: 'admin.create_first', actorUserId: null, actorEmail: 'create-admin (command line)' });
    expect(row!.changes).toMatchObject({ email: { before: null, after: 'ada@example.com' }, userType: { before: null, after: 'SuperAdmin' } });

    const second = createFirstAdmin(database.db, { ...ada, email: 'grace@example.com', firstName: 'Grace', lastName: 'Hopper' });
    await expect(second).rejects.toThrow('A SuperAdmin already exists (ada@example.com): invite further administrators from the dashboard.');

    const app = await buildApp({ config: testConfig(), database, logger: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/web/users/login',
        payload: { email: 'ada@example.com', password: ada.password, deviceId: 'vitest' },
      });
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ userType: 'SuperAdmin' });
    } finally {
      await app.close();
    }
  });
});
