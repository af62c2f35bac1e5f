/**
 * A rolling restart of one of two API nodes under a charger fleet (issue 45, decision 079). Needs PostgreSQL
 * (BENCH_POSTGRES_URL / TEST_DATABASE_URL) and Redis (BENCH_REDIS_URL / REDIS_URL).
 *
 * Two product processes (`npm start`'s build, main.ts's SIGTERM drain) share a scratch database and Redis. The
 * fleet's balancer (rolling-fleet.ts) sends each connection to a node whose /readyz answers 200, in turn, so half
 * the chargers are on each node. Every charger heartbeats every 30 s and sends MeterValues every 10 s in a session.
 * After --hold seconds node A gets SIGTERM: it drains (its /readyz answers 503, its chargers are closed with 1012
 * once their calls are answered, its buffered telemetry is written) and exits; its chargers reconnect through the
 * balancer to node B. Node A is started again and rejoins. A dashboard reader reads the overview from node B once
 * a second throughout (the node the balancer keeps).
 * Bars: every charger back on a node within 60 s of the SIGTERM; acknowledged writes lost = 0 (MeterValues
 * CALLRESULTs the fleet counted against meter_samples rows of the fleet's sessions); the dashboard answering
 * throughout (no failed read; its p99 printed beside its idle p99).
 *
 *   npm run bench:rolling-restart -- [--chargers 5000] [--hold 20] [--rate 150] [--concurrency 100]
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ProductProcess } from '@wattdesk/test-support';
import { startDashboardProbe } from './lib/dashboard-probe.ts';
import { finish } from './lib/machine.ts';
import { chargerCode, OCPP_PASSWORD, startOcppServer } from './lib/ocpp-bench-server.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { ReadyBalancer, ReconnectingFleet } from './lib/rolling-fleet.ts';
import { registerChargers } from './lib/seed-chargers.ts';
import { ascending, count as n, percentile } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    chargers: { type: 'string', default: '5000' },
    hold: { type: 'string', default: '20' },
    rate: { type: 'string', default: '150' },
    concurrency: { type: 'string', default: '100' },
  },
});
const CHARGERS = Number(flags.chargers);
const HOLD_S = Number(flags.hold);
const RATE = Number(flags.rate);
const CONCURRENCY = Number(flags.concurrency);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL;
if (![CHARGERS, HOLD_S, RATE, CONCURRENCY].every((value) => Number.isInteger(value) && value > 0)) {
  console.error('usage: tsx rolling-restart.ts [--chargers 5000] [--hold 20] [--rate 150] [--concurrency 100]');
  process.exit(2);
}
const BACK_WITHIN_S = 60;
/** After everyone is back, the dashboard is read this much longer (node A restarting meanwhile). */
const AFTER_S = 10;

/** SIGTERM, and how the process ended: its exit code and how long its drain took. */
const terminate = async (server: ProductProcess) => {
  const started = performance.now();
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  const code = await Promise.race([exited, sleep(60_000).then(() => 'still running' as const)]);
  return { code, ms: performance.now() - started };
};

/** MeterValues rows of the fleet's sessions. */
const storedSamples = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(`
      select count(*) from meter_samples m join charging_sessions s on s.id = m.session_id join chargers c on c.id = s.charger_id
      where c.charger_id like 'BENCH-%'`);
    return Number(rows[0]!.count);
  } finally {
    await client.end();
  }
};

const run = async (): Promise<boolean> => {
  if (!REDIS_URL) throw new Error('the rolling-restart bench needs Redis: set BENCH_REDIS_URL or REDIS_URL');
  const scratch = await createBenchDatabase();
  if (!scratch) throw new Error('the rolling-restart bench needs PostgreSQL: set BENCH_POSTGRES_URL or TEST_DATABASE_URL');
  console.log(`Rolling-restart benchmark on ${os.cpus().length} CPUs: ${n(CHARGERS)} chargers over 2 API processes, PostgreSQL and Redis`);
  const servers: ProductProcess[] = [];
  let balancer: ReadyBalancer | undefined;
  let fleet: ReconnectingFleet | undefined;
  try {
    servers.push(await startOcppServer({ databaseUrl: scratch.url, redisUrl: REDIS_URL, seed: true }));
    servers.push(await startOcppServer({ databaseUrl: scratch.url, redisUrl: REDIS_URL, seed: false }));
    const [a, b] = servers as [ProductProcess, ProductProcess];
    await registerChargers(a.baseUrl, { total: CHARGERS, chargerId: chargerCode, ocppPassword: OCPP_PASSWORD });
    const dashboard = await startDashboardProbe(b.baseUrl, 10);

    balancer = new ReadyBalancer([a.baseUrl, b.baseUrl]);
    fleet = new ReconnectingFleet(balancer);
    const rampStarted = performance.now();
    await fleet.ramp(CHARGERS, RATE, CONCURRENCY);
    console.log(`  ramped ${n(fleet.connected)} of ${n(CHARGERS)} in ${((performance.now() - rampStarted) / 1000).toFixed(1)} s`);
    for (const [reason, failed] of fleet.failures) console.log(`    ×${n(failed)} ${reason}`);
    fleet.failures.clear();

    let reading = true;
    const reads = (async () => {
      const latencies: number[] = [];
      let failures = 0;
      while (reading) {
        const step = await dashboard.read(1);
        latencies.push(...step.latencies);
        failures += step.failures;
      }
      return { latencies, failures };
    })();
    await sleep(HOLD_S * 1000);

    const onA = fleet.members.length - countOn(b.baseUrl, fleet);
    console.log(`  SIGTERM to node A (about ${n(onA)} chargers on it)…`);
    const sigterm = performance.now();
    const ended = terminate(a);
    let backAt: number | undefined;
    while (performance.now() - sigterm < (BACK_WITHIN_S + 30) * 1000) {
      await sleep(250);
      if (fleet.counts.drops >= onA && fleet.connected === CHARGERS) {
        backAt = performance.now();
        break;
      }
    }
    const drained = await ended;
    console.log(
      `  node A exited with ${String(drained.code)} after ${(drained.ms / 1000).toFixed(1)} s; ` +
        `${n(fleet.connected)} of ${n(CHARGERS)} connected ${backAt ? `${((backAt - sigterm) / 1000).toFixed(1)} s after the SIGTERM` : 'at the deadline'}`,
    );
    for (const line of a.log.filter((entry) => /drain/.test(entry)).slice(-3)) console.log(`    node A: ${line}`);
    await a.stop();

    const restartStarted = performance.now();
    const restarted = await startOcppServer({ databaseUrl: scratch.url, redisUrl: REDIS_URL, seed: false });
    servers[0] = restarted;
    balancer.replace(a.baseUrl, restarted.baseUrl);
    console.log(`  node A started again and ready in ${((performance.now() - restartStarted) / 1000).toFixed(1)} s`);
    await sleep(AFTER_S * 1000);
    reading = false;
    const read = await reads;

    const times = ascending(fleet.reconnectTimes);
    const acked = fleet.counts.meterAcked;
    await fleet.close();
    // Each node writes what it holds as it drains: the count is taken once both have.
    await Promise.all(servers.map((server) => terminate(server)));
    const stored = await storedSamples(scratch.url);
    const lost = Math.max(0, acked - stored);

    const sorted = ascending(read.latencies);
    const idle = ascending(dashboard.idle.latencies);
    console.log(`\n  reconnects: ${n(times.length)} (each p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms)`);
    for (const [reason, failed] of fleet.failures) console.log(`    ×${n(failed)} ${reason}`);
    console.log(`  MeterValues acknowledged ${n(acked)}, stored ${n(stored)}, failed calls ${n(fleet.counts.meterFailed)}`);
    console.log(
      `  dashboard overview on node B throughout: ${n(sorted.length)} reads, p50 ${percentile(sorted, 50).toFixed(1)} ms, ` +
        `p99 ${percentile(sorted, 99).toFixed(1)} ms (idle p99 ${percentile(idle, 99).toFixed(1)} ms), ${n(read.failures)} failed`,
    );

    const backPass = backAt !== undefined && (backAt - sigterm) / 1000 <= BACK_WITHIN_S;
    const lostPass = lost === 0 && acked > 0;
    const dashboardPass = read.failures === 0 && sorted.length > 0;
    console.log(`\nBack on a node: ${backPass ? 'PASS' : 'FAIL'} (bar: all ${n(CHARGERS)} within ${BACK_WITHIN_S} s of the SIGTERM)`);
    console.log(`Acknowledged writes lost: ${lostPass ? 'PASS' : 'FAIL'} (${n(lost)} lost; bar 0)`);
    console.log(`Dashboard answering throughout: ${dashboardPass ? 'PASS' : 'FAIL'} (${n(read.failures)} failed reads; bar 0)`);
    return backPass && lostPass && dashboardPass && drained.code === 0;
  } finally {
    await fleet?.close();
    await balancer?.close();
    await Promise.allSettled(servers.map((server) => server.stop()));
    await scratch.drop();
  }
};

/** Chargers the fleet holds on `node` (by the address it connected to last). */
const countOn = (node: string, fleet: ReconnectingFleet) =>
  fleet.members.filter((member) => member.charger.connected && member.options.baseUrl === node).length;

run()
  .then((pass) =>
    finish(
      pass,
      `${n(CHARGERS)} chargers, a rolling restart of one of two nodes: back within ${BACK_WITHIN_S} s, 0 writes lost, dashboard answering`,
    ),
  )
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => {
    setTimeout(() => process.exit(), 1000).unref();
  });
