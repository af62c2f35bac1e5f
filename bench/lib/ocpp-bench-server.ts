import { startProductProcess, type ProductProcess } from '@wattdesk/test-support';
import { BENCH_DRIVERS } from './bench-tags.ts';
import { seedBenchDrivers } from './seed-drivers.ts';
import { count as n } from './stats.ts';

/** What the OCPP benches' chargers and servers share. */
export const OCPP_PASSWORD = 'bench-ocpp-password-2026';
export const HEARTBEAT_S = 30;
export const METER_S = 10;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-bench';
/** Issue 18's memory bars: an idle server, and what each connected charger adds to it. */
export const IDLE_RSS_BAR_MIB = 300;
export const PER_CONNECTION_BAR_KB = 50;
export const chargerCode = (index: number) => `BENCH-${String(index + 1).padStart(5, '0')}`;

/** Demo data plus the bench's drivers, written before the server opens the database. */
const seedDrivers = async (target: { dataDir: string } | { url: string }) => {
  const started = performance.now();
  await seedBenchDrivers(target);
  console.log(`  seeded ${n(BENCH_DRIVERS)} drivers with a tag each at one location in ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

/**
 * The product as `npm start` runs it, with demo data and no simulated chargers of its own; its output kept for
 * failures. `seed: false` for a further node of a cluster: the first one wrote the drivers. `redisUrl` joins
 * the node to the others through the Redis bus.
 */
export const startOcppServer = ({
  databaseUrl,
  redisUrl,
  seed = true,
}: { databaseUrl?: string; redisUrl?: string; seed?: boolean } = {}): Promise<ProductProcess> =>
  startProductProcess({
    ...(seed ? { beforeStart: (dataDir: string) => seedDrivers(databaseUrl ? { url: databaseUrl } : { dataDir }) } : {}),
    // BENCH_SERVER_OUTPUT=inherit shows the server's output (e.g. --trace-gc) beside the bench's.
    output: process.env.BENCH_SERVER_OUTPUT === 'inherit' ? 'inherit' : 'capture',
    // For finding where time goes, e.g. BENCH_SERVER_NODE_ARGS='--trace-gc --trace-gc-ignore-scavenger'.
    nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
    readyTimeoutMs: 180_000,
    unset: ['DATABASE_URL', 'REDIS_URL'],
    env: {
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET,
      AUTH_RATE_LIMIT_MAX: '100000',
      SIMULATE_CHARGERS: '0',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    },
  });
