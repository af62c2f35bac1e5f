/**
 * OCPP on several API processes (issue 18: where one process cannot hold 20,000 chargers — here a process may
 * open at most 20,000 files, `ulimit -Hn` — "run the OCPP endpoint … as several processes behind the existing
 * Redis bus, and show the figure for that"). Needs PostgreSQL (BENCH_POSTGRES_URL / TEST_DATABASE_URL) and Redis
 * (BENCH_REDIS_URL / REDIS_URL).
 *
 * --nodes API processes share one scratch database and one Redis; the first seeds the demo data and the bench's
 * 100,000 drivers, and registers the chargers. Charger i connects to one node, the chargers split in even
 * ranges (a load balancer's choice), each range driven by --fleets-per-node processes of its own (remote-fleet.ts). Every
 * charger heartbeats every 30 s and runs a session sending MeterValues every 10 s, as in ocpp-load.ts. After
 * the ramp and --settle, it holds --hold seconds and prints, per node and in all: chargers, messages/s, p50/p99,
 * failed calls, drops, RSS idle and peak, per connection above idle, CPU; a dashboard read of node 1 against
 * its idle read; then drops every connection and times the reconnect of all of them.
 * Bars: all connected, no failed call, p99 < 100 ms, ≤ 50 KB per connection above an idle process of
 * ≤ 300 MiB, all reconnected within 60 s, the dashboard read ≤ 2× idle.
 *
 * --mix 0.5 (issue 41): that share of the chargers speaks OCPP 2.0.1 (lean-charger-201.ts), the rest 1.6J. The
 * bench then runs twice, each on fresh servers and a fresh database — a 1.6J-only fleet, then the mixed one — with
 * the same bars, and prints the two side by side; the verdict needs both.
 *
 *   npm run bench:ocpp-cluster -- [--chargers 20000] [--nodes 2] [--hold 40] [--settle 10] [--rate 150] [--reconnect-concurrency 200] [--fleets-per-node 2] [--mix 0.5]
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { ProductProcess } from '@wattdesk/test-support';
import { chargerCode, IDLE_RSS_BAR_MIB, OCPP_PASSWORD, PER_CONNECTION_BAR_KB, startOcppServer } from './lib/ocpp-bench-server.ts';
import { judgeDashboardReads, startDashboardProbe } from './lib/dashboard-probe.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { IDLE_WATCH_S, machineBusySeconds, measureIdleRss, processStats } from './lib/process-stats.ts';
import { FleetGroup, type HoldReply } from './lib/remote-fleet.ts';
import { SLOW_CALL_MS } from './lib/ocpp-fleet.ts';
import { registerChargers } from './lib/seed-chargers.ts';
import { ascending, count as n, percentile, printTable } from './lib/stats.ts';
import { finish, markStarved } from './lib/machine.ts';

const { values: flags } = parseArgs({
  options: {
    chargers: { type: 'string', default: '20000' },
    nodes: { type: 'string', default: '2' },
    hold: { type: 'string', default: '40' },
    settle: { type: 'string', default: '10' },
    rate: { type: 'string', default: '150' },
    concurrency: { type: 'string', default: '100' },
    'reconnect-concurrency': { type: 'string', default: '200' },
    'fleets-per-node': { type: 'string', default: '2' },
    mix: { type: 'string', default: '0' },
  },
});
const CHARGERS = Number(flags.chargers);
const NODES = Number(flags.nodes);
const HOLD_S = Number(flags.hold);
const SETTLE_S = Number(flags.settle);
const RATE = Number(flags.rate);
const CONCURRENCY = Number(flags.concurrency);
const RECONNECT_CONCURRENCY = Number(flags['reconnect-concurrency']);
const FLEETS_PER_NODE = Number(flags['fleets-per-node']);
const MIX = Number(flags.mix);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL;
if (
  ![CHARGERS, NODES, HOLD_S, RATE, CONCURRENCY, RECONNECT_CONCURRENCY, FLEETS_PER_NODE].every((value) => Number.isInteger(value) && value > 0) ||
  !(SETTLE_S >= 0) ||
  !(MIX >= 0 && MIX <= 1)
) {
  console.error(
    'usage: tsx ocpp-cluster.ts [--chargers 20000] [--nodes 2] [--hold 40] [--settle 10] [--rate 150] [--concurrency 100] [--reconnect-concurrency 200] [--fleets-per-node 2] [--mix 0.5]',
  );
  process.exit(2);
}

const P99_BAR_MS = 100;
const RECONNECT_BAR_S = 60;
const MiB = 1024 ** 2;

type Node = { server: ProductProcess; fleet: FleetGroup; chargers: number; idleRss: number };
type NodeHold = HoldReply & { rssMax: number; cpuSeconds: number; fleetCpuSeconds: number };

/** Holds for HOLD_S while sampling every node's RSS each second; what each node and fleet used meanwhile. */
const holdAll = async (nodes: readonly Node[]) => {
  const pids = nodes.map((node) => node.server.child.pid!);
  const cpuAtStart = pids.map((pid) => processStats(pid).cpuSeconds);
  const busyAtStart = machineBusySeconds();
  const benchAtStart = process.cpuUsage();
  await Promise.all(nodes.map((node) => node.fleet.holdStart()));
  const rssMax = pids.map((pid) => processStats(pid).rssBytes);
  const started = performance.now();
  while (performance.now() - started < HOLD_S * 1000) {
    await sleep(1000);
    pids.forEach((pid, index) => (rssMax[index] = Math.max(rssMax[index]!, processStats(pid).rssBytes)));
  }
  const replies = await Promise.all(nodes.map((node) => node.fleet.holdStop()));
  const seconds = (performance.now() - started) / 1000;
  const perNode: NodeHold[] = replies.map((reply, index) => {
    const end = processStats(pids[index]!);
    return {
      ...reply,
      rssMax: Math.max(rssMax[index]!, end.rssBytes),
      cpuSeconds: end.cpuSeconds - cpuAtStart[index]!,
      fleetCpuSeconds: reply.cpuSeconds,
    };
  });
  const bench = process.cpuUsage(benchAtStart);
  const ours = perNode.reduce((sum, node) => sum + node.cpuSeconds + node.fleetCpuSeconds, (bench.user + bench.system) / 1e6);
  return { seconds, perNode, otherCpuPercent: (Math.max(0, machineBusySeconds() - busyAtStart - ours) / seconds) * 100 };
};

/** Calls over SLOW_CALL_MS per 5 s of the hold, per node: a pause (a collection, a checkpoint) shows as one burst. */
const printSlowCalls = (slowAtPerNode: readonly number[][]) => {
  const windows = Math.ceil(HOLD_S / 5);
  const counts = slowAtPerNode.map((slowAt) => {
    const perWindow = Array.from({ length: windows }, () => 0);
    for (const at of slowAt) perWindow[Math.min(windows - 1, Math.floor(at / 5000))]! += 1;
    return perWindow;
  });
  console.log(`\n  calls over ${SLOW_CALL_MS} ms by 5 s of the hold:`);
  printTable(
    ['', ...Array.from({ length: windows }, (_, index) => `${index * 5}-${index * 5 + 5} s`)],
    counts.map((perWindow, index) => [`node ${index + 1}`, ...perWindow.map((value) => n(value))]),
  );
};

/** What one fleet's run measured against the bars, for the side-by-side table. */
type FleetOutcome = {
  share: number;
  connected: number;
  connected201: number;
  p50: number;
  p99: number;
  p99of16: number;
  p99of201: number;
  failures: number;
  drops: number;
  perConnectionKb: number;
  idleMiB: number;
  reconnected: number;
  reconnectSeconds: number;
  holds: boolean;
  memoryPass: boolean;
  reconnectPass: boolean;
  dashboardPass: boolean;
};

const fleetName = (share: number) => (share === 0 ? '1.6J only' : `${(share * 100).toFixed(0)} % 2.0.1`);
/** The run in progress: a Ctrl-C closes its chargers and servers. */
let stopCurrent: (() => Promise<void>) | undefined;
let stopping = false;
process.on('SIGINT', () => {
  if (stopping) process.exit(130);
  stopping = true;
  console.log('\nInterrupted: closing chargers and the servers…');
  void (stopCurrent?.() ?? Promise.resolve()).finally(() => process.exit(130));
});

/** One fleet (`share` of it speaking 2.0.1) on fresh servers and a fresh database, through every bar. */
const runFleet = async (share: number): Promise<FleetOutcome> => {
  if (!REDIS_URL) throw new Error('the cluster bench needs Redis: set BENCH_REDIS_URL or REDIS_URL');
  const scratch = await createBenchDatabase();
  if (!scratch) throw new Error('the cluster bench needs PostgreSQL: set BENCH_POSTGRES_URL or TEST_DATABASE_URL');
  console.log(
    `OCPP cluster benchmark on ${os.cpus().length} CPUs: ${n(CHARGERS)} chargers (${fleetName(share)}) over ${NODES} API processes, PostgreSQL and Redis`,
  );
  const nodes: Node[] = [];
  const servers: ProductProcess[] = [];
  const stopAll = async () => {
    await Promise.allSettled(nodes.map((node) => node.fleet.close()));
    await Promise.allSettled(servers.map((server) => server.stop()));
    await scratch.drop();
  };
  stopCurrent = stopAll;
  try {
    // One after the other: the first writes the demo data and the drivers, the others find them there.
    for (let index = 0; index < NODES; index += 1)
      servers.push(await startOcppServer({ databaseUrl: scratch.url, redisUrl: REDIS_URL, seed: index === 0 }));
    const registerStarted = performance.now();
    const sites = await registerChargers(servers[0]!.baseUrl, { total: CHARGERS, chargerId: chargerCode, ocppPassword: OCPP_PASSWORD });
    console.log(`  registered ${n(CHARGERS)} chargers at ${sites} sites in ${((performance.now() - registerStarted) / 1000).toFixed(1)} s`);
    // Watched before the fleets start: a fleet process starting beside the node would not leave it idle.
    const idle = await Promise.all(servers.map((server) => measureIdleRss(server.child.pid!)));
    console.log(
      `  idle RSS, no charger connected: ${idle.map((node, index) => `node ${index + 1} ${(node.atOnceBytes / MiB).toFixed(0)} MiB at once, ${(node.idleBytes / MiB).toFixed(0)} MiB after ${IDLE_WATCH_S} s`).join('; ')}`,
    );
    const perNode = Math.ceil(CHARGERS / NODES);
    for (const [index, server] of servers.entries()) {
      const chargers = Math.min(perNode, CHARGERS - index * perNode);
      const fleet = await FleetGroup.start({
        baseUrl: server.baseUrl,
        firstIndex: index * perNode,
        chargers,
        processes: FLEETS_PER_NODE,
        rate: RATE / NODES,
        concurrency: Math.ceil(CONCURRENCY / NODES),
        ocpp201Share: share,
      });
      nodes.push({ server, fleet, chargers, idleRss: idle[index]!.idleBytes });
    }
    const dashboard = await startDashboardProbe(servers[0]!.baseUrl, Math.min(HOLD_S, 20));

    const ramps = await Promise.all(nodes.map((node) => node.fleet.ramp()));
    const setups = ascending(ramps.flatMap((ramp) => ramp.setupTotals));
    const connected = ramps.reduce((sum, ramp) => sum + ramp.connected, 0);
    console.log(
      `  ramped ${n(connected)} of ${n(CHARGERS)} in ${Math.max(...ramps.map((ramp) => ramp.seconds)).toFixed(1)} s ` +
        `(setup p50 ${percentile(setups, 50).toFixed(0)} ms, p99 ${percentile(setups, 99).toFixed(0)} ms)`,
    );
    for (const [reason, times] of ramps.flatMap((ramp) => ramp.failures)) console.log(`    setup failed ×${n(times)}: ${reason}`);
    process.stdout.write(`  settling ${SETTLE_S} s, holding ${HOLD_S} s…`);
    await sleep(SETTLE_S * 1000);
    const reading = dashboard.read(HOLD_S);
    const hold = await holdAll(nodes);
    const reads = await reading;
    console.log(' done');

    const all = ascending(hold.perNode.flatMap((node) => node.latencies));
    const p99 = percentile(all, 99);
    const failures = hold.perNode.reduce((sum, node) => sum + node.failures, 0);
    const drops = hold.perNode.reduce((sum, node) => sum + node.disconnects, 0);
    const heldConnected = hold.perNode.reduce((sum, node) => sum + node.connected, 0);
    const rows = hold.perNode.map((node, index) => {
      const sorted = ascending(node.latencies);
      const perConnectionKb = (node.rssMax - nodes[index]!.idleRss) / 1024 / Math.max(1, node.connected);
      return [
        `node ${index + 1}`,
        n(node.connected),
        n(Math.round(sorted.length / hold.seconds)),
        percentile(sorted, 50).toFixed(1),
        percentile(sorted, 99).toFixed(1),
        n(node.failures),
        n(node.disconnects),
        (nodes[index]!.idleRss / MiB).toFixed(0),
        (node.rssMax / MiB).toFixed(0),
        perConnectionKb.toFixed(1),
        `${node.lagP99.toFixed(0)} / ${node.lagMax.toFixed(0)}`,
        `${((node.cpuSeconds / hold.seconds) * 100).toFixed(0)} / ${((node.fleetCpuSeconds / hold.seconds) * 100).toFixed(0)}`,
      ];
    });
    rows.push([
      'all',
      n(heldConnected),
      n(Math.round(all.length / hold.seconds)),
      percentile(all, 50).toFixed(1),
      p99.toFixed(1),
      n(failures),
      n(drops),
      '',
      '',
      '',
      '',
      `other ${hold.otherCpuPercent.toFixed(0)}`,
    ]);
    const connected201 = hold.perNode.reduce((sum, node) => sum + node.connected201, 0);
    const of16 = ascending(hold.perNode.flatMap((node) => node.latencies16));
    const of201 = ascending(hold.perNode.flatMap((node) => node.latencies201));
    console.log(
      `\nPostgreSQL + Redis, ${NODES} API processes, ${fleetName(share)}; per charger a heartbeat every 30 s and meter values every 10 s ` +
        `(MeterValues in 1.6J, TransactionEvent Updated in 2.0.1); held ${HOLD_S} s`,
    );
    printTable(
      [
        '',
        'connected',
        'msgs/s',
        'p50 ms',
        'p99 ms',
        'failed',
        'drops',
        'idle MiB',
        'peak MiB',
        'KB/conn',
        'fleet lag p99 / max ms',
        'CPU % node / its fleet',
      ],
      rows,
    );
    const readsP50 = percentile(ascending(reads.latencies), 50);
    // A fleet whose own loop is often late adds that lateness to the answers it times. Its rare long stops (its own
    // collections, up to 0.2 s with two fleet processes a node) touch fewer calls than the p99 counts.
    for (const [index, node] of hold.perNode.entries())
      if (node.lagP99 >= P99_BAR_MS / 2)
        markStarved(`node ${index + 1}'s fleet processes were late by ${node.lagP99.toFixed(0)} ms at p99 (limit ${P99_BAR_MS / 2} ms)`);
    if (share > 0)
      console.log(
        `  by version: 1.6J ${n(heldConnected - connected201)} connected, p50 ${percentile(of16, 50).toFixed(1)} ms, p99 ${percentile(of16, 99).toFixed(1)} ms; ` +
          `2.0.1 ${n(connected201)} connected, p50 ${percentile(of201, 50).toFixed(1)} ms, p99 ${percentile(of201, 99).toFixed(1)} ms`,
      );
    printSlowCalls(hold.perNode.map((node) => node.slowAt));

    process.stdout.write(`\n  network blip: dropping ${n(heldConnected)} connections and reconnecting them…`);
    const nodeCpuAtStart = nodes.map((node) => processStats(node.server.child.pid!).cpuSeconds);
    const busyAtStart = machineBusySeconds();
    const reconnects = await Promise.all(nodes.map((node) => node.fleet.reconnect(Math.ceil(RECONNECT_CONCURRENCY / NODES))));
    const nodeCpu = nodes.map((node, index) => processStats(node.server.child.pid!).cpuSeconds - nodeCpuAtStart[index]!);
    const machineBusy = machineBusySeconds() - busyAtStart;
    const reconnected = reconnects.reduce((sum, reply) => sum + reply.reconnected, 0);
    const reconnectSeconds = Math.max(...reconnects.map((reply) => reply.seconds));
    const times = ascending(reconnects.flatMap((reply) => reply.times));
    console.log(` ${n(reconnected)} back in ${reconnectSeconds.toFixed(1)} s`);
    for (const [reason, count] of reconnects.flatMap((reply) => reply.failures)) console.log(`    reconnect failed ×${n(count)}: ${reason}`);
    // Where the reconnect's CPU went, as % of one core over its duration (2 cores: 200 % in all).
    const fleetCpu = reconnects.reduce((sum, reply) => sum + reply.cpuSeconds, 0);
    const percentOf = (cpuSeconds: number) => `${((cpuSeconds / reconnectSeconds) * 100).toFixed(0)} %`;
    console.log(
      `  reconnect CPU (% of one core): ${nodeCpu.map((cpu, index) => `node ${index + 1} ${percentOf(cpu)}`).join(', ')}, fleets ${percentOf(fleetCpu)}, ` +
        `other (PostgreSQL, Redis) ${percentOf(Math.max(0, machineBusy - fleetCpu - nodeCpu.reduce((sum, cpu) => sum + cpu, 0)))}; ` +
        `${((machineBusy / reconnected) * 1000).toFixed(1)} ms of CPU per charger in all`,
    );

    const holds = heldConnected === CHARGERS && failures === 0 && p99 < P99_BAR_MS;
    console.log(
      `\n${n(CHARGERS)} chargers on ${NODES} processes: ${holds ? 'PASS' : 'FAIL'} (${n(heldConnected)} connected, ${n(failures)} failed, p99 ${p99.toFixed(1)} ms; bar: all, none, < ${P99_BAR_MS} ms)`,
    );
    const memory = hold.perNode.map((node, index) => ({
      idleMiB: nodes[index]!.idleRss / MiB,
      perConnectionKb: (node.rssMax - nodes[index]!.idleRss) / 1024 / Math.max(1, node.connected),
    }));
    const memoryPass = memory.every((node) => node.idleMiB <= IDLE_RSS_BAR_MIB && node.perConnectionKb <= PER_CONNECTION_BAR_KB);
    console.log(
      `Memory: ${memoryPass ? 'PASS' : 'FAIL'} (${memory.map((node, index) => `node ${index + 1} idle ${node.idleMiB.toFixed(0)} MiB, ${node.perConnectionKb.toFixed(1)} KB per connection`).join('; ')}; ` +
        `bar ≤ ${IDLE_RSS_BAR_MIB} MiB idle and ≤ ${PER_CONNECTION_BAR_KB} KB per connection)`,
    );
    const reconnectPass = reconnected === heldConnected && reconnectSeconds <= RECONNECT_BAR_S;
    console.log(
      `Reconnect: ${reconnectPass ? 'PASS' : 'FAIL'} (${n(reconnected)} of ${n(heldConnected)} back in ${reconnectSeconds.toFixed(1)} s, ` +
        `${(reconnected / reconnectSeconds).toFixed(0)}/s; each p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms; bar: all within ${RECONNECT_BAR_S} s)`,
    );
    const dashboardPass = judgeDashboardReads(dashboard.idle, [{ chargers: CHARGERS, dashboardP50: readsP50, dashboardFailures: reads.failures }]);
    return {
      share,
      connected: heldConnected,
      connected201,
      p50: percentile(all, 50),
      p99,
      p99of16: percentile(of16, 99),
      p99of201: percentile(of201, 99),
      failures,
      drops,
      perConnectionKb: Math.max(...memory.map((node) => node.perConnectionKb)),
      idleMiB: Math.max(...memory.map((node) => node.idleMiB)),
      reconnected,
      reconnectSeconds,
      holds,
      memoryPass,
      reconnectPass,
      dashboardPass,
    };
  } finally {
    const tails = servers.flatMap((server, index) => server.log.slice(-5).map((line) => `node ${index + 1}: ${line}`));
    await stopAll();
    stopCurrent = undefined;
    if (tails.length) console.log(`\n  server logs (last lines):\n    ${tails.join('\n    ')}`);
  }
};

const verdict = (pass: boolean) => (pass ? 'PASS' : 'FAIL');

/** The fleets' figures against the same bars, one column each. */
const printSideBySide = (outcomes: readonly FleetOutcome[]) => {
  console.log(`\n${n(CHARGERS)} chargers on ${NODES} API processes, side by side (same bars, each on fresh servers):`);
  const dash = (share: number, text: string) => (share > 0 ? text : '—');
  printTable(
    ['', ...outcomes.map((outcome) => fleetName(outcome.share))],
    [
      ['connected (2.0.1 of them)', ...outcomes.map((o) => `${n(o.connected)} (${n(o.connected201)})`)],
      ['failed calls / drops', ...outcomes.map((o) => `${n(o.failures)} / ${n(o.drops)}`)],
      ['hold p50 / p99 ms', ...outcomes.map((o) => `${o.p50.toFixed(1)} / ${o.p99.toFixed(1)}`)],
      ['p99 ms 1.6J / 2.0.1', ...outcomes.map((o) => dash(o.share, `${o.p99of16.toFixed(1)} / ${o.p99of201.toFixed(1)}`))],
      [`hold (p99 < ${P99_BAR_MS} ms, all, none failed)`, ...outcomes.map((o) => verdict(o.holds))],
      ['KB per connection (worst node)', ...outcomes.map((o) => o.perConnectionKb.toFixed(1))],
      ['idle MiB (worst node)', ...outcomes.map((o) => o.idleMiB.toFixed(0))],
      [`memory (≤ ${PER_CONNECTION_BAR_KB} KB, ≤ ${IDLE_RSS_BAR_MIB} MiB idle)`, ...outcomes.map((o) => verdict(o.memoryPass))],
      ['reconnect s (back)', ...outcomes.map((o) => `${o.reconnectSeconds.toFixed(1)} (${n(o.reconnected)})`)],
      [`reconnect (all within ${RECONNECT_BAR_S} s)`, ...outcomes.map((o) => verdict(o.reconnectPass))],
      ['dashboard read (≤ 2× idle)', ...outcomes.map((o) => verdict(o.dashboardPass))],
    ],
  );
};

const passes = (outcome: FleetOutcome) => outcome.holds && outcome.memoryPass && outcome.reconnectPass && outcome.dashboardPass;

const run = async (): Promise<boolean> => {
  // The mixed fleet is judged beside a 1.6J-only one measured the same day, on the same machine (decision 045).
  const outcomes: FleetOutcome[] = [];
  for (const share of MIX > 0 ? [0, MIX] : [0]) {
    if (outcomes.length) console.log('\n────────────────────────────────────────────────────────────────────────\n');
    outcomes.push(await runFleet(share));
  }
  if (outcomes.length > 1) printSideBySide(outcomes);
  return outcomes.every(passes);
};

const fleets = MIX > 0 ? `a 1.6J-only and a ${fleetName(MIX)} fleet` : 'a 1.6J fleet';
run()
  .then((pass) => finish(pass, `${n(CHARGERS)} chargers on ${NODES} processes, ${fleets}: hold, memory, reconnect and dashboard read bars`))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => {
    setTimeout(() => process.exit(), 1000).unref();
  });
