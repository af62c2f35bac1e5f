/**
 * Overload check (issues 2 and 18): 200 concurrent connections against GET /web/locations/location-by-id on PGlite
 * (one query at a time). Bar: no request times out, served requests p99 ≤ 500 ms, excess load is answered 503
 * within 50 ms (p99), and the server serves normally again once the load stops.
 *
 * The server has served light traffic first (a warm-up at 10 connections, which must be answered without a single
 * refusal), as a server that gets overloaded has. The load comes from autocannon, as in api-throughput.ts: Node's own
 * http client cost the generator a third of a core at this rate and its event loop fell behind by up to 90 ms, time
 * that was counted as the server's. The generator's own event-loop delay is printed; when it is late by more than
 * GENERATOR_LATE_MS at p99, the run gives no verdict (decision 045).
 */
import autocannon from 'autocannon';
import { watchLoopLag } from './lib/loop-lag.ts';
import { finish, markStarved } from './lib/machine.ts';
import { startServers } from './lib/start-servers.ts';
import { ascending, count, percentile } from './lib/stats.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP = { connections: 10, seconds: 2 };
const REQUEST_TIMEOUT_S = 10;
/** A generator whose own event loop is this late at p99 measures itself: a fifth of the refusal bar. */
const GENERATOR_LATE_MS = 10;
/** The first second of overload, reported on its own: the line fills before it counts as saturated. */
const ONSET_MS = 1000;

type Outcome = { status: number; ms: number; at: number };

const servers = await startServers('pglite');
const url = `http://127.0.0.1:${servers.ports.ours}/web/locations/location-by-id?locationId=${servers.locationId}`;
const headers = { authorization: `Bearer ${servers.token}` };

const warmUp = await autocannon({ url, headers, connections: WARM_UP.connections, duration: WARM_UP.seconds });

const generatorLag = watchLoopLag();
const outcomes: Outcome[] = [];
const started = performance.now();
const result = await new Promise<autocannon.Result>((resolve, reject) => {
  const load = autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S, timeout: REQUEST_TIMEOUT_S }, (error, done) =>
    error ? reject(error as Error) : resolve(done),
  );
  load.on('response', (_client, status, _bytes, ms) => outcomes.push({ status, ms, at: performance.now() - started }));
});
const generatorP99 = generatorLag.p99();

await new Promise((resolve) => setTimeout(resolve, 1000));
/** Requests one after another once the load has stopped: all must be served. */
const recovery = await autocannon({ url, headers, connections: 1, amount: 20 });
await servers.stop();

const latencies = (status: number, from = 0, to = Infinity) =>
  ascending(outcomes.filter((o) => o.status === status && o.at >= from && o.at < to).map((o) => o.ms));
const describe = (sorted: Float64Array) =>
  sorted.length
    ? `${count(sorted.length).padStart(6)}   p50 ${percentile(sorted, 50).toFixed(1)} ms   p99 ${percentile(sorted, 99).toFixed(1)} ms`
    : '     0';
const ok = latencies(200);
const shed = latencies(503);
const other = outcomes.length - ok.length - shed.length;
if (generatorP99 > GENERATOR_LATE_MS)
  markStarved(`the load generator's event loop was late by ${generatorP99.toFixed(1)} ms at p99 (> ${GENERATOR_LATE_MS} ms)`);

console.log(
  `Warm-up: ${WARM_UP.connections} connections for ${WARM_UP.seconds} s: ${count(warmUp['2xx'])} served, ${warmUp.non2xx} refused or failed (bar: none)`,
);
console.log(`PGlite overload: ${CONNECTIONS} connections for ${DURATION_S} s`);
console.log(`  200 ${describe(ok)}   (bar: p99 ≤ 500 ms)`);
console.log(`  503 ${describe(shed)}   (bar: p99 ≤ 50 ms)`);
console.log(`  timeouts ${result.timeouts}   errors ${result.errors}   other statuses ${other}`);
console.log(
  `  of which in the first ${ONSET_MS / 1000} s: 200 ${describe(latencies(200, 0, ONSET_MS))}   503 ${describe(latencies(503, 0, ONSET_MS))}`,
);
console.log(`  load generator's event-loop delay: p99 ${generatorP99.toFixed(1)} ms, max ${generatorLag.max().toFixed(1)} ms`);
const recovered = recovery['2xx'] === 20 && recovery.non2xx === 0 && recovery.errors === 0;
console.log(`  after the load: ${recovery['2xx']}/20 requests answered 200   (bar: all)`);
const pass =
  warmUp.non2xx === 0 &&
  result.timeouts === 0 &&
  result.errors === 0 &&
  other === 0 &&
  percentile(ok, 99) <= 500 &&
  percentile(shed, 99) <= 50 &&
  recovered;
finish(pass, 'no refusal at 10 connections; at 200: served p99 ≤ 500 ms, refusals p99 ≤ 50 ms, no timeouts, full recovery');
