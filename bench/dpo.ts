/**
 * Dynamic power benchmark (issue 17), on both engines where a database is involved.
 * 1. Recompute: one location with --sessions (500) running sessions, in process against a migrated database; the
 *    engine reads, shares, sends the changed shares (answered at once) and writes the allocations. p50/p99 of a
 *    steady recompute and of one after a limit change. Bar: p99 ≤ 50 ms.
 * 2. Limit change: the product as `npm start` runs it, --sessions simulated OCPP 1.6J chargers at one site, each
 *    charging; the limit is lowered through PUT /web/dpo/limit. Time until every charger has received its new
 *    TxProfile (answered Accepted), and until the server has stored every answer. Bar: ≤ 2 s.
 *
 *   npm run bench:dpo -- [--sessions 500] [--iterations 200] [--engine pglite|postgres|both] [--skip-fleet]
 *
 * postgres uses a scratch database on BENCH_POSTGRES_URL / TEST_DATABASE_URL / DATABASE_URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startProductProcess } from '@wattdesk/test-support';
import { measureLimitChange, type LimitChangeFigures } from './lib/dpo-fleet.ts';
import { measureRecompute } from '../apps/api/test/dpo-recompute.ts';
import { finish } from './lib/machine.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { ascending, count as n, percentile, printTable } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    sessions: { type: 'string', default: '500' },
    iterations: { type: 'string', default: '200' },
    engine: { type: 'string', default: 'both' },
    /** Recompute first on every engine, then the limit change on every engine; `--skip-fleet` runs only the first. */
    'skip-fleet': { type: 'boolean', default: false },
  },
});
const SESSIONS = Number(flags.sessions);
const ITERATIONS = Number(flags.iterations);
const RECOMPUTE_BAR_MS = 50;
const LIMIT_CHANGE_BAR_MS = 2000;
if (!(SESSIONS > 0) || !(ITERATIONS > 0) || !['pglite', 'postgres', 'both'].includes(flags.engine)) {
  console.error('usage: tsx dpo.ts [--sessions 500] [--iterations 200] [--engine pglite|postgres|both]');
  process.exit(2);
}

type Engine = 'pglite' | 'postgres';
type RecomputeFigures = { steadyP50: number; steadyP99: number; changedP50: number; changedP99: number; sends: number };
type Row = { engine: Engine; recompute: RecomputeFigures; change: LimitChangeFigures | undefined };

const runEngine = async (engine: Engine): Promise<Row | undefined> => {
  const scratch = engine === 'postgres' ? await createBenchDatabase() : undefined;
  if (engine === 'postgres' && !scratch) {
    console.log('  PostgreSQL: skipped (no BENCH_POSTGRES_URL, TEST_DATABASE_URL or DATABASE_URL)');
    return undefined;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'wattdesk-dpo-bench-'));
  try {
    console.log(`  ${engine}: recomputing ${n(SESSIONS)} sessions ${n(ITERATIONS)} times, steady and after a limit change…`);
    const times = await measureRecompute(
      scratch ? { engine: 'postgres', url: scratch.url } : { engine: 'pglite', dataDir: path.join(dataDir, 'pglite') },
      {
        sessions: SESSIONS,
        iterations: ITERATIONS,
      },
    );
    await scratch?.drop();
    const [steady, changed] = [ascending(times.steady), ascending(times.changed)];
    const recompute: RecomputeFigures = {
      steadyP50: percentile(steady, 50),
      steadyP99: percentile(steady, 99),
      changedP50: percentile(changed, 50),
      changedP99: percentile(changed, 99),
      sends: times.sendsPerChange,
    };
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(
      `  ${engine}: recompute steady p50 ${ms(recompute.steadyP50)} p99 ${ms(recompute.steadyP99)}; ` +
        `after a limit change p50 ${ms(recompute.changedP50)} p99 ${ms(recompute.changedP99)} (${n(Math.round(recompute.sends))} shares sent)`,
    );
    if (flags['skip-fleet']) return { engine, recompute, change: undefined };
    const productDb = engine === 'postgres' ? await createBenchDatabase() : undefined;
    console.log(`  ${engine}: ${n(SESSIONS)} simulated chargers charging, then a lower limit…`);
    const server = await startProductProcess({
      output: 'capture',
      readyTimeoutMs: Number(process.env.BENCH_READY_TIMEOUT_MS ?? 180_000),
      unset: ['DATABASE_URL', 'REDIS_URL'],
      env: {
        SEED_DEMO_DATA: 'true',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
        AUTH_RATE_LIMIT_MAX: '100000',
        SIMULATE_CHARGERS: '0',
        ...(productDb ? { DATABASE_URL: productDb.url } : {}),
      },
    });
    try {
      return { engine, recompute, change: await measureLimitChange(server.baseUrl, SESSIONS) };
    } finally {
      await server.stop();
      await productDb?.drop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const run = async () => {
  console.log(`DPO benchmark on ${os.cpus().length} CPUs: ${n(SESSIONS)} sessions at one location`);
  const engines: Engine[] = flags.engine === 'both' ? ['pglite', 'postgres'] : [flags.engine as Engine];
  const rows: Row[] = [];
  for (const engine of engines) {
    const row = await runEngine(engine);
    if (row) rows.push(row);
  }
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nRecompute of ${n(SESSIONS)} sessions (${n(ITERATIONS)} each; bar p99 ≤ ${RECOMPUTE_BAR_MS} ms)`);
  printTable(
    ['engine', 'steady p50', 'steady p99', 'changed p50', 'changed p99', 'shares sent', 'verdict'],
    rows.map(({ engine, recompute: r }) => [
      engine,
      ms(r.steadyP50),
      ms(r.steadyP99),
      ms(r.changedP50),
      ms(r.changedP99),
      n(Math.round(r.sends)),
      Math.max(r.steadyP99, r.changedP99) <= RECOMPUTE_BAR_MS ? 'holds' : 'misses',
    ]),
  );
  console.log(`\nLimit change to ${n(SESSIONS)} simulated chargers (bar ≤ ${n(LIMIT_CHANGE_BAR_MS)} ms until all Accepted)`);
  printTable(
    ['engine', 'all received', 'all stored Accepted', 'OCPP calls', 'verdict'],
    rows.map(({ engine, change: c }) =>
      c
        ? [engine, ms(c.allReceivedMs), ms(c.allAcceptedMs), n(c.calls), c.allAcceptedMs <= LIMIT_CHANGE_BAR_MS ? 'holds' : 'misses']
        : [engine, '—', '—', '—', 'not run (--skip-fleet)'],
    ),
  );
  return (
    rows.length > 0 &&
    rows.every(
      (row) =>
        Math.max(row.recompute.steadyP99, row.recompute.changedP99) <= RECOMPUTE_BAR_MS &&
        (row.change === undefined || row.change.allAcceptedMs <= LIMIT_CHANGE_BAR_MS),
    )
  );
};

run()
  .then((pass) => finish(pass, `recompute p99 ≤ ${RECOMPUTE_BAR_MS} ms and limit change ≤ ${LIMIT_CHANGE_BAR_MS} ms at ${n(SESSIONS)} sessions`))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exitCode = 1;
  })
  .finally(() => setTimeout(() => process.exit(), 1000).unref());
