/**
 * Requests/s and p99 of
 *   (a) a bare Fastify route, (b) a bare Fastify route doing the same location read with the same driver,
 *   (c) our authenticated GET /web/locations/location-by-id,
 * measured one after another in one run, at 10 and at 50 connections, on PGlite and (when a server is
 * configured) on PostgreSQL. Bar (issue 18): no non-2xx answer, and c ≥ 85 % of b.
 * (a) is the load generator's own check: below BENCH_BARE_FLOOR req/s the machine, not the product, is measured.
 * (d) is (c) built a second time in the same server process with METRICS_ENABLED=false, taking turns with b and c
 * while (c)'s /metrics is scraped every BENCH_SCRAPE_MS: the cost of metrics (issue 45, decision 085), bar c ≥ 97 % of
 * d. BENCH_BASELINE_METRICS=true builds (d) with metrics too: an A/A run, to see the bench's own noise.
 * BENCH_METRICS=0 leaves (d) out.
 */
import autocannon from 'autocannon';
import { finish, markStarved } from './lib/machine.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { startServers } from './lib/start-servers.ts';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTION_STEPS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number);
const RATIO_BAR = 0.85;
/** Bare Fastify answers far above this on an idle 2-core machine; below it the generator is starved. */
const BARE_FLOOR_RPS = Number(process.env.BENCH_BARE_FLOOR ?? 5000);
/** b and c take turns this many times: on a 2-core machine shared with the load generator and PostgreSQL, one pair of runs drifts by ±10%. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Metrics may cost at most 3 % of (c)'s throughput (issue 45). */
const METRICS_BAR = 0.97;
const COMPARE_METRICS = process.env.BENCH_METRICS !== '0';
/** Prometheus scrapes every 15 s by default; once a second is the harsh case. */
const SCRAPE_MS = Number(process.env.BENCH_SCRAPE_MS ?? 1000);

/** rps counts only 2xx answers: a 503 from load shedding is no request served. */
type Result = { rps: number; p99: number; errors: number; non2xx: number; statuses: string };

const run = async (url: string, connections: number, headers: Record<string, string> = {}, duration = DURATION_S): Promise<Result> => {
  const result = await autocannon({ url, connections, duration, headers });
  const statuses = Object.entries(result.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, { count }]) => `${code}×${count ?? 0}`)
    .join(' ');
  return { rps: result['2xx'] / duration, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx, statuses };
};

const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
const combine = (runs: Result[]): Result => ({
  rps: median(runs.map((r) => r.rps)),
  p99: median(runs.map((r) => r.p99)),
  errors: runs.reduce((sum, r) => sum + r.errors, 0),
  non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
  statuses: runs
    .map((r) => r.statuses)
    .filter(Boolean)
    .join(' '),
});

type Measured = { a: Result; b: Result; c: Result; d?: Result; scrapes?: { ok: number; failed: number } };

const measure = async (engine: 'pglite' | 'postgres', connections: number, env: Record<string, string> = {}): Promise<Measured> => {
  const servers = await startServers(engine, { ...env, ...(COMPARE_METRICS ? { BENCH_METRICS_BASELINE: '1' } : {}) });
  const base = (port: number) => `http://127.0.0.1:${port}`;
  const scrapes = { ok: 0, failed: 0 };
  const scraper = setInterval(() => {
    fetch(`${base(servers.ports.ours)}/metrics`)
      .then(async (response) => {
        await response.text();
        scrapes[response.ok ? 'ok' : 'failed'] += 1;
      })
      .catch(() => (scrapes.failed += 1));
  }, SCRAPE_MS);
  try {
    const location = (port: number) => ({
      url: `${base(port)}/web/locations/location-by-id?locationId=${servers.locationId}`,
      headers: { authorization: `Bearer ${servers.token}` },
    });
    const urls = {
      a: { url: `${base(servers.ports.bare)}/bare`, headers: {} },
      b: { url: `${base(servers.ports.query)}/query?id=${servers.locationId}`, headers: {} },
      c: location(servers.ports.ours),
      ...(servers.ports.baseline ? { d: location(servers.ports.baseline) } : {}),
    };
    const target = (name: keyof typeof urls) => run(urls[name]!.url, connections, urls[name]!.headers);
    // A warm-up of each, then b, c (and d) alternate so that drift in the machine hits them alike.
    for (const { url, headers } of Object.values(urls)) await run(url, connections, headers, 1);
    const a = await target('a');
    const runs: Record<'b' | 'c' | 'd', Result[]> = { b: [], c: [], d: [] };
    for (let round = 0; round < ROUNDS; round += 1) {
      runs.b.push(await target('b'));
      // c and d swap places each round: neither always runs right after b.
      const pair = round % 2 === 0 ? (['c', 'd'] as const) : (['d', 'c'] as const);
      for (const name of pair) if (name in urls) runs[name].push(await target(name));
    }
    return { a, b: combine(runs.b), c: combine(runs.c), ...(runs.d.length ? { d: combine(runs.d), scrapes } : {}) };
  } finally {
    clearInterval(scraper);
    await servers.stop();
  }
};

const print = (engine: string, connections: number, { a, b, c, d, scrapes }: Measured) => {
  const row = (name: string, r: Result) =>
    `  ${name.padEnd(44)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   errors ${r.errors}  non-2xx ${r.non2xx}${r.statuses ? ` (${r.statuses})` : ''}`;
  const ratio = c.rps / b.rps;
  const pass = ratio >= RATIO_BAR && c.non2xx === 0 && c.errors === 0;
  if (a.rps < BARE_FLOOR_RPS) markStarved(`${engine} at ${connections} connections: bare route ${a.rps.toFixed(0)} req/s < floor ${BARE_FLOOR_RPS}`);
  console.log(`\n${engine} (${connections} connections; b and c: median of ${ROUNDS} alternating runs of ${DURATION_S} s; 2xx only)`);
  console.log(row('(a) bare Fastify route', a));
  console.log(row('(b) bare Fastify + same read, same driver', b));
  console.log(row('(c) GET /web/locations/location-by-id', c));
  console.log(`  c / b = ${(ratio * 100).toFixed(1)}%   (bar: ≥ 85%, and no error or non-2xx answer)  ${pass ? 'holds' : 'misses'}`);
  if (!d) return pass;
  console.log(row(`(d) the same app, ${process.env.BENCH_BASELINE_METRICS === 'true' ? 'metrics on too (A/A)' : 'METRICS_ENABLED=false'}`, d));
  const metricsRatio = c.rps / d.rps;
  const metricsPass = metricsRatio >= METRICS_BAR && d.non2xx === 0 && d.errors === 0;
  console.log(
    `  c / d = ${(metricsRatio * 100).toFixed(1)}%   metrics cost ${((1 - metricsRatio) * 100).toFixed(1)}%` +
      `   (bar: ≤ 3%; /metrics scraped every ${SCRAPE_MS} ms during c: ${scrapes?.ok ?? 0} answered, ${scrapes?.failed ?? 0} failed)  ${metricsPass ? 'holds' : 'misses'}`,
  );
  return pass && metricsPass;
};

/** BENCH_ENGINES=postgres (or pglite) measures one engine only, for trying a change quickly. */
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
const results: boolean[] = [];
if (engines.includes('pglite')) {
  for (const connections of CONNECTION_STEPS) results.push(print('PGlite', connections, await measure('pglite', connections)));
}
if (engines.includes('postgres')) {
  const postgres = await createBenchDatabase();
  if (postgres) {
    try {
      for (const connections of CONNECTION_STEPS) {
        results.push(print('PostgreSQL', connections, await measure('postgres', connections, { BENCH_DATABASE_URL: postgres.url })));
      }
    } finally {
      await postgres.drop();
    }
  } else {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_POSTGRES_URL to a server)');
  }
}
finish(results.every(Boolean), `c ≥ 85 % of b${COMPARE_METRICS ? ', c ≥ 97 % of d (metrics cost ≤ 3 %)' : ''} and no non-2xx at every step`);
