import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type DatabaseHandle } from '../src/db/client.ts';
import { locations } from '../src/db/schema/index.ts';
import { seedDemoDataIfEmpty } from '../src/db/seed/seed.ts';
import { upsertPowerSettings } from '../src/modules/dpo/dpo.repository.ts';
import { createPowerEngine } from '../src/modules/dpo/power-engine.ts';

/** Milliseconds of each recompute, steady and after a limit change, and the shares sent per changed recompute. */
export type RecomputeTimes = { steady: number[]; changed: number[]; sendsPerChange: number };

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;

/** A new location with `count` connected 7.2 kW chargers, each with a running session (straight SQL). */
const seedBusyLocation = async (database: DatabaseHandle, count: number): Promise<string> => {
  const [template] = await database.db.select().from(locations).limit(1);
  if (!template) throw new Error('the demo data has no location');
  const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = template;
  const [location] = await database.db
    .insert(locations)
    .values({ ...copy, name: 'DPO Bench Garage' })
    .returning({ id: locations.id });
  const locationId = location!.id;
  await database.db.execute(sql`
    insert into chargers (charger_id, location_id, name, thing_name, kind, connected_node, max_power_kw)
    select 'DPO-RECOMPUTE-' || g, ${locationId}, 'Bay ' || g, 'dpo-recompute-' || g, 'smart', 'bench-node', 7.2
    from generate_series(1, ${count}) g`);
  await database.db.execute(sql`
    insert into charging_sessions (charger_id, location_id, connector_id, id_tag, started_at, meter_start_wh, meter_last_wh, status)
    select c.id, c.location_id, 1, 'DPO-BENCH', now() - interval '1 hour' + (row_number() over (order by c.charger_id)) * interval '1 second', 0, 0, 'active'
    from chargers c where c.location_id = ${locationId}`);
  return locationId;
};

/**
 * For the DPO benchmark (bench/dpo.ts). Recomputing one location's shares in process, against a real database: the engine reads the settings and the
 * running sessions, shares the limit, sends each changed share (answered Accepted at once: the network is the
 * other measurement) and writes the allocations. Steady: nothing changed; changed: the limit alternates, so every
 * session's share changes and is sent.
 */
export const measureRecompute = async (
  target: { engine: 'pglite'; dataDir: string } | { engine: 'postgres'; url: string },
  options: { sessions: number; iterations: number },
): Promise<RecomputeTimes> => {
  const database =
    target.engine === 'postgres'
      ? await openDatabase({ engine: 'postgres', url: target.url, poolSize: 4, statementTimeoutMs: 300_000 })
      : await openDatabase({ engine: 'pglite', dataDir: target.dataDir });
  let sends = 0;
  const engine = createPowerEngine({
    db: database.db,
    log: quiet,
    now: () => new Date(),
    send: async () => {
      sends += 1;
      await new Promise((resolve) => setImmediate(resolve));
      return { requestId: 'bench', ok: true, result: { status: 'Accepted' } };
    },
  });
  try {
    await database.migrate();
    await seedDemoDataIfEmpty(database.db);
    const locationId = await seedBusyLocation(database, options.sessions);
    const limit = (kw: number) =>
      upsertPowerSettings(database.db, locationId, { enabled: true, limitMode: 'fixed', limitW: kw * 1000, periods: [], minPerSessionW: 1400 });
    const timed = async () => {
      const started = performance.now();
      await engine.recomputeNow(locationId);
      return performance.now() - started;
    };
    await limit(options.sessions * 4);
    for (let warm = 0; warm < 5; warm += 1) await timed();
    const steady: number[] = [];
    for (let i = 0; i < options.iterations; i += 1) steady.push(await timed());
    const changed: number[] = [];
    sends = 0;
    for (let i = 0; i < options.iterations; i += 1) {
      await limit(options.sessions * (i % 2 ? 4 : 2));
      changed.push(await timed());
    }
    return { steady, changed, sendsPerChange: sends / options.iterations };
  } finally {
    engine.close();
    await database.close();
  }
};
