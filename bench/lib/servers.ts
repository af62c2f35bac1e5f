/**
 * Child process of the API benchmark: hosts, on one database handle,
 *   (a) a bare Fastify route,
 *   (b) a bare Fastify route doing the location-by-id read with the same driver, no framework of ours,
 *   (c) our app (auth, permission, validation, serialization) serving GET /web/locations/location-by-id,
 *   (d) with BENCH_METRICS_BASELINE=1, the same app built with METRICS_ENABLED=false (or BENCH_BASELINE_METRICS).
 * It reports ports, a token and a location id to the parent over IPC.
 */
import Fastify from 'fastify';
import type pg from 'pg';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadConfig } from '../../apps/api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../apps/api/src/db/client.ts';
import type { PGliteThread } from '../../apps/api/src/db/pglite-thread.ts';
import { seedDemoDataIfEmpty } from '../../apps/api/src/db/seed/seed.ts';

const OVERLOAD_SETTINGS = ['DB_MAX_CONCURRENCY', 'DB_MAX_QUEUE', 'DB_QUEUE_TARGET_MS', 'DB_QUEUE_INTERVAL_MS', 'DB_QUEUE_TIMEOUT_MS'];

const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const databaseUrl = process.env.BENCH_DATABASE_URL;

const LOCATION_SQL = `select l.*, coalesce((select json_agg(json_build_object('chargerId', c.charger_id, 'name', c.name, 'thingName', c.thing_name) order by c.name)
  from chargers c where c.location_id = l.id), '[]'::json) as chargers from locations l where l.id = $1 limit 1`;

/** The driver's own best: a named (server-side) prepared statement on PostgreSQL, a plain query on PGlite. */
const rawQuery = (handle: DatabaseHandle) => {
  const client = (handle.db as unknown as { $client: PGliteThread | pg.Pool }).$client;
  if (handle.engine === 'postgres') {
    const pool = client as pg.Pool;
    return async (id: string): Promise<unknown> => (await pool.query({ name: 'bench_location', text: LOCATION_SQL, values: [id] })).rows[0];
  }
  return async (id: string) => (await (client as PGliteThread).query(LOCATION_SQL, [id])).rows[0];
};

const listen = async (app: { listen: (options: { port: number; host: string }) => Promise<string>; server: { address: () => unknown } }) => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
};

const main = async () => {
  const handle =
    engine === 'postgres'
      ? await openDatabase({ engine: 'postgres', url: databaseUrl!, poolSize: 10, statementTimeoutMs: 5000 })
      : await openDatabase({ engine: 'pglite' });
  await handle.migrate();
  await seedDemoDataIfEmpty(handle.db);
  const env = {
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/wattdesk-bench',
    AUTH_RATE_LIMIT_MAX: '100000',
    ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    // The overload settings, to try other values: e.g. DB_QUEUE_TIMEOUT_MS=20 npm run bench:overload.
    ...Object.fromEntries(OVERLOAD_SETTINGS.flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : []))),
  };
  const ours = await buildApp({ config: loadConfig(env), database: handle, logger: false });
  // In this process rather than a second one: a second server process measured 2–6× slower than the first with the
  // same settings on the loaded machine, whatever it ran; two apps in one process take turns on equal terms.
  const baseline = process.env.BENCH_METRICS_BASELINE
    ? await buildApp({
        config: loadConfig({ ...env, METRICS_ENABLED: process.env.BENCH_BASELINE_METRICS ?? 'false' }),
        database: handle,
        logger: false,
      })
    : undefined;

  const bare = Fastify();
  bare.get('/bare', async () => ({ hello: 'world' }));
  const query = rawQuery(handle);
  const bareQuery = Fastify();
  bareQuery.get('/query', async (request) => query((request.query as { id: string }).id));

  const ports = {
    bare: await listen(bare),
    query: await listen(bareQuery),
    ours: await listen(ours),
    ...(baseline ? { baseline: await listen(baseline) } : {}),
  };
  const login = await ours.inject({ method: 'POST', url: '/web/users/login', payload: { email: 'admin@example.com', password: 'Charge#2026' } });
  const { access_token: token, locations } = login.json<{ access_token: string; locations: string[] }>();
  process.send?.({ ports, token, locationId: locations[0] });
  process.on('message', async (message) => {
    if (message === 'stop') {
      await Promise.all([ours.close(), bare.close(), bareQuery.close(), baseline?.close()]);
      await handle.close();
      process.exit(0);
    }
  });
};

void main();
