/**
 * OCPP load benchmark: simulated OCPP 1.6J chargers against ONE API process on this machine.
 * Every charger heartbeats every 30 s and runs a session sending MeterValues every 10 s (phases jittered so the
 * load is even). For each step of charger counts, after the ramp and a short settling time, it holds a steady
 * state and prints: chargers connected, messages/s answered, p50/p99 request→answer latency and the server's RSS.
 * Bar: 5,000 chargers with p99 < 100 ms and RSS < 1 GiB; it reports the largest count that holds.
 *
 *   npm run bench:ocpp -- [--steps 1000,2500,5000,7500] [--hold 40] [--settle 10] [--rate 100] [--engine pglite|postgres] [--all]
 *
 * --rate: new connections per second during a ramp; --all: keep stepping after a step fails.
 * --engine postgres uses a scratch database on BENCH_POSTGRES_URL / TEST_DATABASE_URL / DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { BATCH_MAX_ROWS } from '@wattdesk/shared';
import { SimulatedCharger } from '@wattdesk/simulator';
import { createBenchDatabase } from './lib/postgres.ts';

const { values: flags } = parseArgs({
  options: {
    steps: { type: 'string', default: '1000,2500,5000,7500' },
    hold: { type: 'string', default: '40' },
    settle: { type: 'string', default: '10' },
    rate: { type: 'string', default: '100' },
    concurrency: { type: 'string', default: '50' },
    engine: { type: 'string', default: 'pglite' },
    all: { type: 'boolean', default: false },
  },
});

const STEPS = flags.steps
  .split(',')
  .map((step) => Number(step.trim()))
  .filter((step) => Number.isInteger(step) && step > 0)
  .sort((a, b) => a - b);
const HOLD_S = Number(flags.hold);
const SETTLE_S = Number(flags.settle);
const RATE = Number(flags.rate);
const SETUP_CONCURRENCY = Number(flags.concurrency);
const ENGINE = flags.engine === 'postgres' ? 'postgres' : 'pglite';
if (!STEPS.length || !(HOLD_S > 0) || !(SETTLE_S >= 0) || !(RATE > 0) || !(SETUP_CONCURRENCY > 0)) {
  console.error('usage: tsx ocpp-load.ts [--steps 1000,2500,5000,7500] [--hold 40] [--settle 10] [--rate 100] [--concurrency 50] [--engine pglite|postgres] [--all]');
  process.exit(2);
}

const P99_BAR_MS = 100;
const RSS_BAR_BYTES = 1024 ** 3;
const TARGET = 5000;
const HEARTBEAT_S = 30;
const METER_S = 10;
const OCPP_PASSWORD = 'bench-ocpp-password-2026';
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-bench';
const REPO_ROOT = path.resolve(import.meta.dirname, '..');
const STEADY_METHODS = new Set(['Heartbeat', 'MeterValues']);

const percentile = (sorted: Float64Array, p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0);
const n = (value: number) => value.toLocaleString('en-US');
const chargerCode = (index: number) => `BENCH-${String(index + 1).padStart(5, '0')}`;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** From /proc/<pid>: resident memory (bytes) and CPU time used so far (seconds). */
const processStats = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // Fields after the command name: utime and stime are the 12th and 13th (clock ticks, 100 per second on Linux).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / 100;
  return { rssBytes: rssKiB * 1024, cpuSeconds };
};

/** Whole-machine busy CPU time so far (seconds), from /proc/stat: everything but idle and iowait. */
const machineBusySeconds = () => {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const values = ticks.map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return (total - values[3]! - values[4]!) / 100;
};

// ── The server ──────────────────────────────────────────────────────────

type Server = { child: ChildProcess; baseUrl: string; log: string[]; stop: () => Promise<void> };

const startServer = async (databaseUrl: string | undefined): Promise<Server> => {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wattdesk-ocpp-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    JWT_SECRET,
    AUTH_RATE_LIMIT_MAX: '100000',
    SIMULATE_CHARGERS: '0',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  // node itself (not npx/tsx wrappers), so the pid is the server and its RSS is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) log.push(line.length > 300 ? `${line.slice(0, 300)}…` : line);
    if (log.length > 2000) log.splice(0, log.length - 2000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([gone, sleep(15_000)]);
      if (!exited) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`the server exited before it was ready:\n${log.slice(-30).join('\n')}`);
    const ok = await fetch(`${baseUrl}/healthz`).then((response) => response.ok, () => false);
    if (ok) return { child, baseUrl, log, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server was not ready within 180 s:\n${log.slice(-30).join('\n')}`);
    }
    await sleep(250);
  }
};

// ── Registering the chargers through the public API ─────────────────────

const api = async <T>(baseUrl: string, route: string, init: RequestInit & { token?: string; expect: number }): Promise<T> => {
  const response = await fetch(`${baseUrl}${route}`, {
    ...init,
    headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await response.text();
  if (response.status !== init.expect) throw new Error(`${init.method ?? 'GET'} ${route}: HTTP ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as T;
};

const registerChargers = async (baseUrl: string, total: number) => {
  const { access_token: token } = await api<{ access_token: string }>(baseUrl, '/web/users/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'superadmin@example.com', password: 'Charge#2026', deviceId: 'ocpp-bench' }),
    expect: 200,
  });
  const batches = Math.ceil(total / BATCH_MAX_ROWS);
  for (let batch = 0; batch < batches; batch += 1) {
    // One site per file: names are unique per location, and a thousand bays is plenty for one site.
    const location = await api<{ locationId: string }>(baseUrl, '/web/locations', {
      method: 'POST',
      token,
      expect: 201,
      body: JSON.stringify({
        name: `Bench Site ${batch + 1}`,
        addressLine1: `${batch + 1} Load Street`,
        city: 'Oakland',
        state: 'California',
        zipCode: '94607',
        lng: -122.27 + batch / 100,
        lat: 37.8,
        timeZone: 'America/Los_Angeles',
      }),
    });
    const first = batch * BATCH_MAX_ROWS;
    const rows = Array.from({ length: Math.min(BATCH_MAX_ROWS, total - first) }, (_, offset) => {
      const code = chargerCode(first + offset);
      return `${code},Bay ${code},smart,${OCPP_PASSWORD}`;
    });
    const form = new FormData();
    form.append('locationId', location.locationId);
    form.append('file', new Blob([`chargerId,name,kind,ocppPassword\n${rows.join('\n')}\n`], { type: 'text/csv' }), 'chargers.csv');
    const result = await api<{ created: number }>(baseUrl, '/web/chargers/batch', { method: 'POST', token, body: form, expect: 201 });
    if (result.created !== rows.length) throw new Error(`batch ${batch + 1}: ${result.created} of ${rows.length} created`);
  }
  return batches;
};

// ── The simulated fleet ─────────────────────────────────────────────────

/** What the fleet saw while recording: steady-state latencies (ms) and failures. */
class Recorder {
  latencies: number[] = [];
  failures = 0;
  disconnects = 0;
  recording = false;
  errors = new Map<string, number>();

  reset() {
    this.latencies = [];
    this.failures = 0;
    this.disconnects = 0;
    this.errors.clear();
  }

  note(message: string) {
    const key = message.replace(/BENCH-\d+/g, 'BENCH-…').replace(/\d+/g, '#').slice(0, 160);
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
  }
}

const recorder = new Recorder();
const fleet: SimulatedCharger[] = [];
const setupFailures = new Map<string, number>();
/** During a ramp: how long each charger's setup calls took (ms), by method, and whole setups (handshake to Charging). */
const setupCalls = new Map<string, number[]>();
let setupTotals: number[] = [];

const makeCharger = (baseUrl: string, index: number) => {
  const charger = new SimulatedCharger({
    url: baseUrl,
    chargerId: chargerCode(index),
    password: OCPP_PASSWORD,
    heartbeatIntervalSeconds: HEARTBEAT_S,
    meterIntervalSeconds: METER_S,
    jitterTimers: true,
    // The bench measures the server: no schema validation on this side, no reconnects hiding drops.
    strictMode: false,
    reconnect: false,
    callTimeoutMs: 30_000,
  });
  charger.on('callCompleted', ({ method, durationMs, ok }) => {
    if (!recorder.recording && !STEADY_METHODS.has(method)) {
      const list = setupCalls.get(method) ?? [];
      list.push(durationMs);
      setupCalls.set(method, list);
    }
    if (!recorder.recording || !STEADY_METHODS.has(method)) return;
    if (ok) recorder.latencies.push(durationMs);
    else recorder.failures += 1;
  });
  charger.on('warning', (error) => {
    if (recorder.recording) recorder.note(error.message);
  });
  charger.on('disconnected', () => {
    if (recorder.recording) recorder.disconnects += 1;
  });
  return charger;
};

/** Brings the fleet up to `target` connected chargers, each with a running session, at RATE new connections per second. */
const rampTo = async (baseUrl: string, target: number) => {
  const started = performance.now();
  let inFlight = 0;
  const setups: Promise<void>[] = [];
  const first = fleet.length;
  for (let index = first; index < target; index += 1) {
    const due = started + ((index - first) * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    while (inFlight >= SETUP_CONCURRENCY) await sleep(5);
    const charger = makeCharger(baseUrl, index);
    fleet.push(charger);
    inFlight += 1;
    setups.push(
      (async () => {
        const setupStarted = performance.now();
        try {
          await charger.connect();
          await charger.startSession({ connectorId: 1, idTag: `BENCH${index + 1}` });
          setupTotals.push(performance.now() - setupStarted);
        } catch (error) {
          const key = ((error as Error).message ?? String(error)).replace(/BENCH-?\d+/g, 'BENCH-…').slice(0, 200);
          setupFailures.set(key, (setupFailures.get(key) ?? 0) + 1);
        } finally {
          inFlight -= 1;
        }
      })(),
    );
  }
  await Promise.all(setups);
  return (performance.now() - started) / 1000;
};

// ── One step ────────────────────────────────────────────────────────────

type StepResult = {
  chargers: number;
  connected: number;
  rampSeconds: number;
  messagesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  disconnects: number;
  rssMaxBytes: number;
  serverCpuPercent: number;
  benchCpuPercent: number;
  /** CPU used by other processes on the machine during the hold: anything large makes the step's numbers unreliable. */
  otherCpuPercent: number;
  benchLagP99: number;
  holds: boolean;
};

const runStep = async (server: Server, target: number): Promise<StepResult> => {
  const alreadyConnected = fleet.length;
  setupCalls.clear();
  setupTotals = [];
  const rampSeconds = await rampTo(server.baseUrl, target);
  const median = (values: number[] | undefined) => percentile(Float64Array.from(values ?? []).sort(), 50).toFixed(0);
  const setupP99 = percentile(Float64Array.from(setupTotals).sort(), 99);
  console.log(
    `  ${n(target)} chargers: ramped ${n(target - alreadyConnected)} in ${rampSeconds.toFixed(1)} s ` +
      `(setup p50 ${median(setupTotals)} ms, p99 ${setupP99.toFixed(0)} ms; median Boot ${median(setupCalls.get('BootNotification'))}, ` +
      `Status ${median(setupCalls.get('StatusNotification'))}, Start ${median(setupCalls.get('StartTransaction'))} ms)`,
  );
  process.stdout.write(`  ${' '.repeat(n(target).length)}           settling ${SETTLE_S} s, holding ${HOLD_S} s…`);
  await sleep(SETTLE_S * 1000);

  recorder.reset();
  recorder.recording = true;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const pid = server.child.pid!;
  const startStats = processStats(pid);
  const startBusy = machineBusySeconds();
  const startBench = process.cpuUsage();
  let rssMaxBytes = startStats.rssBytes;
  const holdStarted = performance.now();
  while (performance.now() - holdStarted < HOLD_S * 1000) {
    await sleep(1000);
    rssMaxBytes = Math.max(rssMaxBytes, processStats(pid).rssBytes);
  }
  const heldSeconds = (performance.now() - holdStarted) / 1000;
  recorder.recording = false;
  lag.disable();
  const endStats = processStats(pid);
  const benchCpu = process.cpuUsage(startBench);
  const benchSeconds = (benchCpu.user + benchCpu.system) / 1e6;
  const serverSeconds = endStats.cpuSeconds - startStats.cpuSeconds;
  const otherSeconds = Math.max(0, machineBusySeconds() - startBusy - serverSeconds - benchSeconds);
  rssMaxBytes = Math.max(rssMaxBytes, endStats.rssBytes);

  const sorted = Float64Array.from(recorder.latencies).sort();
  const connected = fleet.filter((charger) => charger.connected).length;
  const p99 = percentile(sorted, 99);
  const failures = recorder.failures;
  const result: StepResult = {
    chargers: target,
    connected,
    rampSeconds,
    messagesPerSecond: sorted.length / heldSeconds,
    p50: percentile(sorted, 50),
    p99,
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
    failures,
    disconnects: recorder.disconnects,
    rssMaxBytes,
    serverCpuPercent: (serverSeconds / heldSeconds) * 100,
    benchCpuPercent: (benchSeconds / heldSeconds) * 100,
    otherCpuPercent: (otherSeconds / heldSeconds) * 100,
    benchLagP99: lag.percentile(99) / 1e6,
    holds: connected === target && failures === 0 && p99 < P99_BAR_MS && rssMaxBytes < RSS_BAR_BYTES,
  };
  process.stdout.write(result.holds ? ' holds\n' : ' does not hold\n');
  return result;
};

const printTable = (engine: string, results: StepResult[]) => {
  const header = ['chargers', 'connected', 'msgs/s', 'p50 ms', 'p99 ms', 'max ms', 'failed', 'drops', 'RSS MiB', 'CPU % server/bench/other', 'bench lag p99', ''];
  const rows = results.map((r) => [
    n(r.chargers),
    n(r.connected),
    r.messagesPerSecond.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.max.toFixed(0),
    n(r.failures),
    n(r.disconnects),
    (r.rssMaxBytes / 1024 ** 2).toFixed(0),
    `${r.serverCpuPercent.toFixed(0)}/${r.benchCpuPercent.toFixed(0)}/${r.otherCpuPercent.toFixed(0)}`,
    `${r.benchLagP99.toFixed(1)} ms`,
    r.holds ? 'ok' : 'FAIL',
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const format = (cells: string[]) => `  ${cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padStart(widths[column]!))).join('  ')}`;
  console.log(`\n${engine}: one API process; per charger a heartbeat every ${HEARTBEAT_S} s and MeterValues every ${METER_S} s; ${HOLD_S} s held per step`);
  console.log(format(header));
  for (const row of rows) console.log(format(row));
  console.log('  (latency: request→answer of Heartbeat and MeterValues as the chargers saw it; RSS: the server\'s peak VmRSS during the hold;');
  console.log(`   CPU: % of one core, ${os.cpus().length} cores in all; "other" is the rest of the machine — when it is high, the numbers are not the server's alone)`);
  if (results.some((r) => r.otherCpuPercent > 20)) console.log('  WARNING: other processes used noticeable CPU during a hold; rerun on a quiet machine for numbers that count.');
};

// ── Main ────────────────────────────────────────────────────────────────

const closeFleet = async () => {
  const chargers = fleet.splice(0);
  for (let start = 0; start < chargers.length; start += 500) {
    await Promise.allSettled(chargers.slice(start, start + 500).map((charger) => charger.close()));
  }
};

const run = async (): Promise<boolean> => {
  const scratch = ENGINE === 'postgres' ? await createBenchDatabase() : undefined;
  if (ENGINE === 'postgres' && !scratch) throw new Error('--engine postgres needs BENCH_POSTGRES_URL, TEST_DATABASE_URL or DATABASE_URL');
  const engineName = ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite';
  console.log(`OCPP load benchmark on ${os.cpus().length} CPUs, ${engineName}; steps ${STEPS.map(n).join(', ')}`);
  const server = await startServer(scratch?.url);
  let stopping = false;
  const onSignal = () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log('\nInterrupted: closing chargers and the server…');
    void closeFleet()
      .then(() => server.stop())
      .then(() => scratch?.drop())
      .finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  const results: StepResult[] = [];
  try {
    const registerStarted = performance.now();
    const sites = await registerChargers(server.baseUrl, STEPS.at(-1)!);
    console.log(`  registered ${n(STEPS.at(-1)!)} chargers at ${sites} sites through POST /web/chargers/batch in ${((performance.now() - registerStarted) / 1000).toFixed(1)} s`);
    console.log(`  server RSS with no charger connected: ${(processStats(server.child.pid!).rssBytes / 1024 ** 2).toFixed(0)} MiB`);
    for (const step of STEPS) {
      const result = await runStep(server, step);
      results.push(result);
      if (!result.holds && !flags.all) break;
    }
  } finally {
    await closeFleet();
    const tail = server.log.filter((line) => !line.includes('"msg":"Charger refused"')).slice(-10);
    await server.stop();
    await scratch?.drop();
    if (setupFailures.size) {
      console.log('\n  chargers that failed to connect or start a session:');
      for (const [message, count] of setupFailures) console.log(`    ${n(count)} × ${message}`);
    }
    if (recorder.errors.size) {
      console.log('\n  background failures during holds:');
      for (const [message, count] of recorder.errors) console.log(`    ${n(count)} × ${message}`);
    }
    if (results.some((result) => !result.holds) && tail.length) console.log(`\n  server log (last lines):\n    ${tail.join('\n    ')}`);
  }
  printTable(engineName, results);
  const largest = results.filter((result) => result.holds).reduce((best, result) => Math.max(best, result.chargers), 0);
  console.log(`\nlargest count holding p99<${P99_BAR_MS}ms and RSS<1GiB: ${largest}`);
  const pass = largest >= TARGET;
  const measured = results.some((result) => result.chargers === TARGET);
  console.log(
    `${n(TARGET)} chargers: ${pass ? 'PASS' : 'FAIL'} (bar: all connected, no failed calls, p99 < ${P99_BAR_MS} ms, RSS < 1 GiB)` +
      (measured ? '' : ` — no step of exactly ${n(TARGET)}; judged by the largest step that holds`),
  );
  return pass;
};

run()
  .then((pass) => {
    process.exitCode = pass ? 0 : 1;
  })
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => {
    // Open handles (a straggling socket) must not keep the bench alive.
    setTimeout(() => process.exit(), 1000).unref();
  });
