/**
 * Overload check (issues 2 and 18): 200 concurrent connections against GET /web/locations/location-by-id on PGlite
 * (one query at a time). Bar: no request times out, excess load is answered 503 within 50 ms, and the
 * server serves normally again once the load stops.
 */
import http from 'node:http';
import { startServers } from './lib/start-servers.ts';
import { ascending, percentile } from './lib/stats.ts';
import { finish } from './lib/machine.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const DURATION_MS = Number(process.env.BENCH_DURATION ?? 10) * 1000;
const REQUEST_TIMEOUT_MS = 10_000;

type Outcome = { status: number | 'timeout' | 'error'; ms: number };

/** Latency percentile (ms) of some outcomes. */
const msAt = (outcomes: Outcome[], p: number) => percentile(ascending(outcomes.map((o) => o.ms)), p);

const request = (agent: http.Agent, port: number, path: string, token: string) =>
  new Promise<Outcome>((resolve) => {
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => {
      req.destroy();
      resolve({ status: 'timeout', ms: performance.now() - started });
    });
    req.on('error', () => resolve({ status: 'error', ms: performance.now() - started }));
  });

const servers = await startServers('pglite');
const path = `/web/locations/location-by-id?locationId=${servers.locationId}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
const outcomes: Outcome[] = [];
const deadline = Date.now() + DURATION_MS;
await Promise.all(
  Array.from({ length: CONNECTIONS }, async () => {
    while (Date.now() < deadline) outcomes.push(await request(agent, servers.ports.ours, path, servers.token));
  }),
);
agent.destroy();

await new Promise((resolve) => setTimeout(resolve, 1000));
const calm = new http.Agent({ keepAlive: true, maxSockets: 1 });
const recovery: Outcome[] = [];
for (let i = 0; i < 20; i += 1) recovery.push(await request(calm, servers.ports.ours, path, servers.token));
calm.destroy();
await servers.stop();

const ok = outcomes.filter((o) => o.status === 200);
const shed = outcomes.filter((o) => o.status === 503);
const timeouts = outcomes.filter((o) => o.status === 'timeout').length;
const other = outcomes.length - ok.length - shed.length - timeouts;
const shedP99 = msAt(shed, 99);
const recovered = recovery.every((o) => o.status === 200);

console.log(`PGlite overload: ${CONNECTIONS} connections for ${DURATION_MS / 1000} s`);
console.log(`  requests ${outcomes.length}   200: ${ok.length}   503: ${shed.length}   timeouts: ${timeouts}   other: ${other}`);
console.log(`  200 latency  p50 ${msAt(ok, 50).toFixed(1)} ms   p99 ${msAt(ok, 99).toFixed(1)} ms`);
console.log(`  503 latency  p50 ${msAt(shed, 50).toFixed(1)} ms   p99 ${shedP99.toFixed(1)} ms   (bar: ≤ 50 ms)`);
console.log(`  after the load: ${recovery.filter((o) => o.status === 200).length}/20 requests answered 200   (bar: all)`);
const servedP99 = msAt(ok, 99);
console.log(`  served p99 ${servedP99.toFixed(1)} ms   (bar: ≤ 500 ms)`);
const pass = timeouts === 0 && other === 0 && shedP99 <= 50 && servedP99 <= 500 && recovered;
finish(pass, 'served p99 ≤ 500 ms, refusals p99 ≤ 50 ms, no timeouts, full recovery');
