/**
 * What one charger connection costs the OCPP endpoint, side by side in one run (decision 068): `ws` alone (the
 * floor), ocpp-rpc's server (what the API ran before) and ours (apps/api/src/lib/ocpp-j/ocpp-json-rpc.ts). Each
 * endpoint runs in a process of its own; this process opens the connections with plain `ws` clients and sends every
 * one the same Heartbeats, one at a time per connection as OCPP 1.6 requires.
 *
 * Printed per endpoint: heap and RSS per connection once garbage is collected, and CPU per Heartbeat answered.
 * Bars (issue 18, memory per connection): ours holds at most half of ocpp-rpc's heap per connection and spends no
 * more CPU per message. Heap figures do not depend on the machine's load; the CPU figure does (decision 045).
 *
 *   npm run bench:connection-cost -w @wattdesk/bench -- [--connections 2000] [--rounds 20]
 */
import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import type { CostMemory, CostServerKind } from './lib/connection-cost-server.ts';
import { finish } from './lib/machine.ts';
import { count as n } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: { connections: { type: 'string', default: '2000' }, rounds: { type: 'string', default: '20' } },
});
const CONNECTIONS = Number(flags.connections);
const ROUNDS = Number(flags.rounds);
/** Alternated, twice each, so a drift of the machine during the run falls on all three. */
const ORDER: CostServerKind[] = ['ws', 'ocpp-rpc', 'ours', 'ours', 'ocpp-rpc', 'ws'];
const HEAP_RATIO_BAR = 0.5;

type Measured = { kind: CostServerKind; heapKb: number; rssKb: number; cpuMicrosPerMessage: number };

const ask = async <T>(server: ChildProcess, message: 'memory' | 'cpu'): Promise<T> => {
  server.send(message);
  const [reply] = (await once(server, 'message')) as [T];
  return reply;
};

/** Opens the connections, a hundred handshakes in flight at a time. */
const connect = async (url: string): Promise<WebSocket[]> => {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < CONNECTIONS; start += 100) {
    const batch = Array.from({ length: Math.min(100, CONNECTIONS - start) }, (_, offset) => {
      const ws = new WebSocket(`${url}/ocpp/COST-${start + offset}`, ['ocpp1.6']);
      sockets.push(ws);
      return once(ws, 'open');
    });
    await Promise.all(batch);
  }
  return sockets;
};

/** Every connection sends a Heartbeat and waits for its answer; `rounds` times. */
const heartbeats = async (sockets: WebSocket[], rounds: number) => {
  for (let round = 0; round < rounds; round += 1)
    await Promise.all(
      sockets.map((ws) => {
        const answered = once(ws, 'message');
        ws.send(JSON.stringify([2, `${round}`, 'Heartbeat', {}]));
        return answered;
      }),
    );
};

const measure = async (kind: CostServerKind): Promise<Measured> => {
  const server = fork(new URL('./lib/connection-cost-server.ts', import.meta.url), [kind], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
  });
  try {
    const [{ port }] = (await once(server, 'message')) as [{ port: number }];
    const before = await ask<CostMemory>(server, 'memory');
    const sockets = await connect(`ws://127.0.0.1:${port}`);
    // A first round warms every path (schemas compiled, code optimised) before anything is counted.
    await heartbeats(sockets, 1);
    const cpuBefore = await ask<{ cpuMicros: number }>(server, 'cpu');
    await heartbeats(sockets, ROUNDS);
    const cpuAfter = await ask<{ cpuMicros: number }>(server, 'cpu');
    const after = await ask<CostMemory>(server, 'memory');
    if (after.connections !== CONNECTIONS) throw new Error(`${kind}: ${after.connections} of ${CONNECTIONS} connections open`);
    for (const ws of sockets) ws.terminate();
    return {
      kind,
      heapKb: (after.heapUsed - before.heapUsed) / 1024 / CONNECTIONS,
      rssKb: (after.rss - before.rss) / 1024 / CONNECTIONS,
      cpuMicrosPerMessage: (cpuAfter.cpuMicros - cpuBefore.cpuMicros) / (ROUNDS * CONNECTIONS),
    };
  } finally {
    server.kill();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const run = async () => {
  console.log(`OCPP connection cost: ${n(CONNECTIONS)} connections, ${ROUNDS} Heartbeats each, endpoints in the order ${ORDER.join(', ')}`);
  const runs: Measured[] = [];
  for (const kind of ORDER) {
    const result = await measure(kind);
    runs.push(result);
    console.log(
      `  ${kind.padEnd(9)} heap ${result.heapKb.toFixed(1).padStart(5)} KB  RSS ${result.rssKb.toFixed(1).padStart(5)} KB per connection  ` +
        `CPU ${result.cpuMicrosPerMessage.toFixed(1).padStart(5)} µs per Heartbeat`,
    );
  }
  const summary = (kind: CostServerKind) => {
    const of = runs.filter((result) => result.kind === kind);
    return {
      heapKb: median(of.map((result) => result.heapKb)),
      rssKb: median(of.map((result) => result.rssKb)),
      cpu: median(of.map((result) => result.cpuMicrosPerMessage)),
    };
  };
  const [floor, before, ours] = (['ws', 'ocpp-rpc', 'ours'] as const).map(summary);
  console.log('\nPer connection (the larger of two runs each; heap and RSS after two forced collections):');
  console.log('  endpoint   heap KB   RSS KB   CPU µs/msg');
  for (const [name, row] of [
    ['ws alone', floor],
    ['ocpp-rpc', before],
    ['ours', ours],
  ] as const)
    console.log(`  ${name.padEnd(9)} ${row!.heapKb.toFixed(1).padStart(7)} ${row!.rssKb.toFixed(1).padStart(8)} ${row!.cpu.toFixed(1).padStart(11)}`);
  const heapRatio = ours!.heapKb / before!.heapKb;
  const cpuRatio = ours!.cpu / before!.cpu;
  console.log(
    `\n  ours / ocpp-rpc: heap ${(heapRatio * 100).toFixed(0)} % (bar ≤ ${HEAP_RATIO_BAR * 100} %), ` +
      `CPU ${(cpuRatio * 100).toFixed(0)} % (bar ≤ 100 %); ours / ws alone: heap ${(ours!.heapKb / floor!.heapKb).toFixed(2)}×, CPU ${(ours!.cpu / floor!.cpu).toFixed(2)}×`,
  );
  return heapRatio <= HEAP_RATIO_BAR && cpuRatio <= 1;
};

run()
  .then((pass) => finish(pass, 'our OCPP-J endpoint: ≤ half of ocpp-rpc heap per connection, no more CPU per message'))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
