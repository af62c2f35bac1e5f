import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createTestDatabase, testConfig } from '../../test/test-app.ts';

/** /readyz (decision 079): what a balancer asks before it sends a node work. The draining case is in ocpp/drain.test.ts. */
describe('/readyz', () => {
  const appOn = async (prepare: (db: Awaited<ReturnType<typeof createTestDatabase>>['db']) => Promise<unknown> = async () => undefined) => {
    const database = await createTestDatabase();
    await prepare(database.db);
    const app = await buildApp({ config: testConfig(), database, logger: false });
    await app.ready();
    return { app, database, readyz: () => app.inject({ method: 'GET', url: '/readyz' }) };
  };

  it('is ready on a migrated database, and says which is false when the database stops answering', async () => {
    const { app, database, readyz } = await appOn();
    try {
      expect((await readyz()).json()).toEqual({ status: 'ready' });
      await database.close();
      const answer = await readyz();
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ responseCode: 503, msg: ['The database does not answer'] });
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('is not ready on a database that lacks this build’s newest migration', async () => {
    const { app, database, readyz } = await appOn((db) =>
      db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`),
    );
    try {
      const answer = await readyz();
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ responseCode: 503, msg: ['The database migrations are not done'] });
      // Alive all the same: the orchestrator waits for migrations rather than killing the node.
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
