import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/sql-helpers.ts';
import { seedDemoDataIfEmpty } from '../../src/db/seed/seed.ts';
import { authed, createTestDatabase, loginAs, testConfig, testEngine } from '../test-app.ts';
import type { FastifyInstance } from 'fastify';

/**
 * Security review, item 6: with the database gone, requests answered 500 INTERNAL and each logged a stack.
 * They must answer 503 with Retry-After and the spec's 'Service unavailable', and the outage be logged once.
 * The outage is real on each engine: PGlite's thread is stopped; PostgreSQL cuts the pool's connections
 * and refuses new ones to the database, as during a failover or maintenance.
 */
const databaseNameOf = async (database: DatabaseHandle) =>
  rowsOf<{ name: string }>(await database.db.execute(sql`select current_database() as name`))[0]!.name;
const setConnectionsAllowed = async (name: string, allowed: boolean) => {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`alter database "${name}" allow_connections ${allowed}`);
    if (!allowed) await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [name]);
  } finally {
    await admin.end();
  }
};
type LogLine = { level: number; msg: string };

describe('security: a database outage answers 503 and is logged once (item 6)', () => {
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let token: string;
  let databaseName: string | undefined;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    database = await createTestDatabase();
    await seedDemoDataIfEmpty(database.db);
    app = await buildApp({ config: testConfig({ ACCESS_CACHE_TTL_MS: '0' }), database, logger: { level: 'info', stream } });
    await app.ready();
    token = (await loginAs(app, 'SuperAdmin')).access_token;
    if (testEngine === 'pglite') await database.close();
    else {
      databaseName = await databaseNameOf(database);
      await setConnectionsAllowed(databaseName, false);
    }
  });
  afterAll(async () => {
    // Closing hands chargers' connections back to the database, which is gone: that failure is expected here.
    await app.close().catch(() => undefined);
    if (databaseName) {
      await setConnectionsAllowed(databaseName, true);
      await database.close();
    }
  });

  it('answers 503 with Retry-After and the message the web app shows, to signed-in and public calls alike', async () => {
    const calls = [
      { method: 'POST' as const, url: '/web/users/login', payload: { email: 'superadmin@example.com', password: 'Charge#2026' } },
      { method: 'POST' as const, url: '/web/authentication-method', payload: { userEmail: 'someone@example.com' } },
      authed(token, { method: 'GET', url: '/web/locations' }),
    ];
    for (let round = 0; round < 3; round += 1) {
      for (const call of calls) {
        const response = await app.inject(call);
        expect({ status: response.statusCode, retryAfter: response.headers['retry-after'], body: response.json<unknown>() }).toEqual({
          status: 503,
          retryAfter: '5',
          body: { responseCode: 503, msg: ['Service unavailable'], code: 'DATABASE_UNAVAILABLE' },
        });
      }
    }
    const errors = lines.filter((line) => line.level >= 50);
    expect(errors.map((line) => line.msg)).toEqual(['database unavailable: answering 503 until it is back']);
  });
});
