import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { startPgliteMaintenance } from './db/pglite-maintenance.ts';
import { prepareDatabase } from './startup.ts';
import { logDestination } from './lib/log-destination.ts';
import { DEMO_CHARGER_PASSWORD } from '@wattdesk/shared';
import { and, eq, isNull, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { setFlagsFromString } from 'node:v8';
import type { DatabaseHandle } from './db/client.ts';
import { chargers, drivers, idTags, users } from './db/schema/index.ts';
import { claimDataDir, DataDirInUseError } from './ops/data-dir-lock.ts';
import { startTracingFromEnv } from './lib/tracing/tracing.ts';

/**
 * V8 lets the old generation grow to up to four times what lived after the last full collection before it collects
 * again. With thousands of chargers connected most of that growth is dead messages, and it was most of the memory a
 * connection seemed to cost (decision 060): 1.5 times keeps the peak near what is live, for a full collection every
 * half minute or so (incremental, off the main thread in large part). Read at each collection, so setting it here,
 * before the server allocates much, is enough.
 */
setFlagsFromString('--heap-growing-percent=50');

let demoFleet: { stop: () => Promise<void> } | undefined;

/** How often the API looks for PGlite tables due for a vacuum or an analysis (a catalogue read when none is). */
const PGLITE_MAINTENANCE_MS = 60_000;

const start = async () => {
  // First, before the database and the app are built: their HTTP server and pg clients are traced (decision 086).
  const tracing = await startTracingFromEnv();
  const config = loadConfig();
  // The folder's lock keeps db:backup and db:restore off the embedded database while the product runs (decision 086).
  if (!config.databaseUrl) claimDataDir(config.dataDir, 'api');
  const database = config.databaseUrl
    ? await openDatabase({
        engine: 'postgres',
        url: config.databaseUrl,
        poolSize: config.db.poolSize,
        statementTimeoutMs: config.db.statementTimeoutMs,
        onConnectionError: (error) => console.warn(JSON.stringify({ level: 40, msg: 'PostgreSQL connection error', err: error.message })),
      })
    : await openDatabase({ engine: 'pglite', dataDir: `${config.dataDir}/pglite` });
  const { seeded } = await prepareDatabase(config, database, { history: true }).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });

  const stream = logDestination(config.logFormat, process.stdout.isTTY === true);
  const app = await buildApp({ config, database, logger: { level: config.logLevel, ...(stream ? { stream } : {}) } });
  app.log.info({ engine: database.engine, dataDir: config.dataDir, seeded }, 'database ready');
  // PostgreSQL runs its own autovacuum; PGlite (single-user mode) has none.
  const maintenance =
    database.engine === 'pglite' ? startPgliteMaintenance({ db: database.db, log: app.log, intervalMs: PGLITE_MAINTENANCE_MS }) : undefined;

  let closing = false;
  /**
   * SIGTERM (Kubernetes, systemd, a rolling restart): the drain (app.drain), then the database. Past
   * SHUTDOWN_TIMEOUT_SECONDS — below Kubernetes' 30 s grace, after which it kills — the process exits anyway, and
   * the log line names what was still open.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = performance.now();
    app.log.info({ signal, budgetSeconds: config.shutdownTimeoutSeconds }, 'draining');
    const timer = setTimeout(() => {
      app.log.error(
        { ...app.drainProgress(), afterMs: Math.round(performance.now() - started) },
        'drain past its budget: exiting with work still open',
      );
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    let code = 0;
    try {
      await demoFleet?.stop();
      await app.drain();
      await maintenance?.stop();
      await database.close();
      await tracing?.shutdown();
      app.log.info({ signal, ms: Math.round(performance.now() - started) }, 'drained');
    } catch (error) {
      code = 1;
      app.log.error({ err: error, ...app.drainProgress() }, 'drain failed');
    } finally {
      clearTimeout(timer);
      process.exit(code);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Wattdesk is ready on ${config.publicUrl}`);
  if (config.simulateChargers > 0) demoFleet = await startDemoChargers(app, database, config.simulateChargers, `http://127.0.0.1:${config.port}`);
};

/**
 * SIMULATE_CHARGERS=n: the first n seeded demo chargers connect through the simulator and run the demo
 * scenario, so the dashboard shows a live network without real hardware. Each charges with the cards of its
 * location's seeded drivers (issue 39: random tags added 54 unknown drivers to the dashboard in 35 minutes); a
 * location without any falls back to the simulator's own tags, which demo locations accept. Every third charger
 * prefers OCPP 2.0.1 (issue 41); it offers 1.6 too, so it speaks 1.6 wherever the server selects 1.6.
 */
const startDemoChargers = async (app: FastifyInstance, database: DatabaseHandle, count: number, url: string) => {
  const { startSimulatedFleet, ocppVersionInMix } = await import('@wattdesk/simulator');
  const found = await database.db
    .select({ chargerId: chargers.chargerId, locationId: chargers.locationId })
    .from(chargers)
    .where(and(like(chargers.chargerId, 'WD-%'), eq(chargers.availability, 'operative')))
    .orderBy(chargers.chargerId)
    .limit(count);
  const rows = found.map((row, index) => ({ ...row, protocol: ocppVersionInMix(index) }));
  const tags = await demoDriverTags(database);
  const byLocation = new Map<string, typeof rows>();
  for (const row of rows) byLocation.set(row.locationId, [...(byLocation.get(row.locationId) ?? []), row]);
  const fleets = [...byLocation].map(([locationId, here]) =>
    startSimulatedFleet({
      url,
      chargers: here.map((row) => ({ chargerId: row.chargerId, password: DEMO_CHARGER_PASSWORD, protocol: row.protocol })),
      autopilot: { idTags: tags.get(locationId) ?? [] },
      quiet: true,
      log: (line) => app.log.info({ simulator: true }, line),
    }),
  );
  app.log.info(
    { chargers: rows.length, preferringOcpp201: rows.filter((row) => row.protocol === '2.0.1').length },
    'Simulated demo chargers started',
  );
  return { stop: async () => void (await Promise.all(fleets.map((fleet) => fleet.stop()))) };
};

/** The RFID cards of each location's active drivers who may charge any time: what a simulated driver presents. */
const demoDriverTags = async (database: DatabaseHandle): Promise<Map<string, string[]>> => {
  const rows = await database.db
    .select({ locationId: drivers.locationId, tag: idTags.tag })
    .from(idTags)
    .innerJoin(drivers, eq(drivers.userId, idTags.driverId))
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(
      and(
        eq(users.status, 'ACTIVE'),
        eq(idTags.kind, 'rfid'),
        eq(drivers.allowedDays, 'all-days'),
        isNull(drivers.hourFrom),
        isNull(drivers.maxSessionsPerDay),
        isNull(drivers.expiresOn),
      ),
    );
  const tags = new Map<string, string[]>();
  for (const row of rows) tags.set(row.locationId, [...(tags.get(row.locationId) ?? []), row.tag]);
  return tags;
};

start().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
