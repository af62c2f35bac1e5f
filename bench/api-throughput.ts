/**
 * Issue 2 benchmark: requests/s and p99 of
 *   (a) a bare Fastify route, (b) a bare Fastify route doing the same location read with the same driver,
 *   (c) our authenticated GET /web/locations/location-by-id,
 * measured one after another in one run, on PGlite and (when a server is configured) on PostgreSQL.
 * Bar: c ≥ 80% of b.
 */
import autocannon from 'autocannon';
import { createBenchDatabase } from './lib/postgres.ts';
import { startServers } from './lib/start-servers.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Result = { rps: number; p99: number; errors: number; non2xx: number };

const run = async (url: string, headers: Record<string, string> = {}): Promise<Result> => {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
};

const measure = async (engine: 'pglite' | 'postgres', env: Record<string, string> = {}) => {
  const servers = await startServers(engine, env);
  try {
    const base = (port: number) => `http://127.0.0.1:${port}`;
    const a = await run(`${base(servers.ports.bare)}/bare`);
    const b = await run(`${base(servers.ports.query)}/query?id=${servers.locationId}`);
    const c = await run(`${base(servers.ports.ours)}/web/locations/location-by-id?locationId=${servers.locationId}`, {
      authorization: `Bearer ${servers.token}`,
    });
    return { a, b, c };
  } finally {
    await servers.stop();
  }
};

const print = (engine: string, { a, b, c }: Record<'a' | 'b' | 'c', Result>) => {
  const row = (name: string, r: Result) =>
    `  ${name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}  non-2xx ${r.non2xx}`;
  const ratio = c.rps / b.rps;
  console.log(`\n${engine} (${CONNECTIONS} connections, ${DURATION_S} s each)`);
  console.log(row('(a) bare Fastify route', a));
  console.log(row('(b) bare Fastify + same read, same driver', b));
  console.log(row('(c) GET /web/locations/location-by-id', c));
  console.log(`  c / b = ${(ratio * 100).toFixed(1)}%   (bar: ≥ 80%)  ${ratio >= 0.8 ? 'PASS' : 'FAIL'}`);
  return ratio >= 0.8 && c.non2xx === 0 && c.errors === 0;
};

const results: boolean[] = [];
results.push(print('PGlite', await measure('pglite')));
const postgres = await createBenchDatabase();
if (postgres) {
  try {
    results.push(print('PostgreSQL', await measure('postgres', { BENCH_DATABASE_URL: postgres.url })));
  } finally {
    await postgres.drop();
  }
} else {
  console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_POSTGRES_URL to a server)');
}
process.exitCode = results.every(Boolean) ? 0 : 1;
