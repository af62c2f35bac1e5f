/**
 * Issue 16 money bars, through the whole API (auth, scoping, ledger queries, rendering), on PGlite and PostgreSQL:
 *   1. the statement of a location with 100,000 sessions in one month renders in ≤ 2 s, as CSV and as PDF;
 *   2. with 2,000 locations that each have a ledger, the balance of one answers at the median in ≤ 50 ms.
 * The ledger rows are made inside the database, shaped as the ledger service writes them (each movement sums to 0).
 */
import { asc, like, sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { locations } from '../apps/api/src/db/schema/index.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/db/seed/seed.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { finish } from './lib/machine.ts';

const LOCATIONS = 2000;
const SESSIONS_PER_LOCATION = Number(process.env.BENCH_SESSIONS_PER_LOCATION ?? 25);
const STATEMENT_SESSIONS = 100_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const STATEMENT_RUNS = Number(process.env.BENCH_STATEMENT_RUNS ?? 3);
const MONTH = '2026-10';

/** Session movements as the ledger writes them: revenue out, host 70 %, reseller 10 %, platform the rest. */
const sessionMovements = (source: ReturnType<typeof sql>) => sql`
  with m as materialized (${source})
  insert into ledger_entries (movement_id, location_id, account, amount_minor, currency, event, reference, session_id, occurred_at)
  select m.movement_id, m.location_id, a.account,
         case a.account when 'session_revenue' then -m.total when 'host_share' then m.total * 7 / 10
                        when 'reseller_share' then m.total / 10 else m.total - m.total * 7 / 10 - m.total / 10 end,
         'USD', 'session_priced', m.session_id::text, m.session_id, m.occurred_at
  from m cross join (values ('session_revenue'), ('host_share'), ('reseller_share'), ('platform_fee')) as a(account)`;

const seedMoney = async (handle: DatabaseHandle) => {
  await handle.db.execute(sql`
    insert into locations (name, address_line1, city, zip_code, state, lng, lat, access_code)
    select 'Money Site ' || lpad(n::text, 4, '0'), n || ' Ledger Street', 'City ' || (n % 20), '9' || lpad(n::text, 4, '0'), 'CA',
           -122 + (n % 100) / 100.0, 37 + (n % 100) / 100.0, lpad(n::text, 6, '0')
    from generate_series(1, ${LOCATIONS}) as n`);
  await handle.db.execute(
    sessionMovements(sql`
      select gen_random_uuid() as movement_id, l.id as location_id, gen_random_uuid() as session_id, 300 + (s * 37) % 4000 as total,
             timestamptz '2026-09-01 12:00:00+00' + s * interval '1 day' as occurred_at
      from locations l cross join generate_series(1, ${SESSIONS_PER_LOCATION}) as s where l.name like 'Money Site %'`),
  );
  // The busy location: 100,000 sessions inside one month on its clock (America/Los_Angeles).
  await handle.db.execute(
    sessionMovements(sql`
      select gen_random_uuid() as movement_id, l.id as location_id, gen_random_uuid() as session_id, 300 + (s * 37) % 4000 as total,
             timestamptz '2026-10-01 12:00:00+00' + s * interval '25 seconds' as occurred_at
      from locations l cross join generate_series(1, ${STATEMENT_SESSIONS}) as s where l.name = 'Money Site 0001'`),
  );
  await handle.db.execute(sql`analyze`);
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const measure = async (url?: string) => {
  const handle = url
    ? await openDatabase({ engine: 'postgres', url, poolSize: 10, statementTimeoutMs: 60_000 })
    : await openDatabase({ engine: 'pglite' });
  await handle.migrate();
  await seedDemoDataIfEmpty(handle.db);
  const seeding = performance.now();
  await seedMoney(handle);
  const seedSeconds = (performance.now() - seeding) / 1000;
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/wattdesk-bench',
    PAYOUT_SCHEDULE_MINUTES: '0',
  });
  const app = await buildApp({ config, database: handle, logger: false });
  const login = await app.inject({ method: 'POST', url: '/web/users/login', payload: { email: 'superadmin@example.com', password: 'Charge#2026' } });
  const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
  const ids = (
    await handle.db.select({ id: locations.id }).from(locations).where(like(locations.name, 'Money Site %')).orderBy(asc(locations.name))
  ).map((row) => row.id);
  const get = async (url: string) => {
    const started = performance.now();
    const response = await app.inject({ method: 'GET', url, headers });
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return { ms: performance.now() - started, bytes: response.rawPayload.length };
  };

  const balance: number[] = [];
  for (let run = 0; run < RUNS + 3; run += 1) {
    const { ms } = await get(`/web/payments/payouts/balance?locationId=${ids[(run * 7919) % ids.length]!}`);
    if (run >= 3) balance.push(ms);
  }
  const statement = async (format: 'csv' | 'pdf') => {
    const runs = [];
    for (let run = 0; run < STATEMENT_RUNS; run += 1)
      runs.push(await get(`/web/payments/payouts/statement?locationId=${ids[0]!}&month=${MONTH}&format=${format}`));
    return { ms: median(runs.map((r) => r.ms)), bytes: runs[0]!.bytes };
  };
  const csv = await statement('csv');
  const pdf = await statement('pdf');
  await app.close();
  await handle.close();
  return { seedSeconds, balance: median(balance), csv, pdf };
};

const print = (engine: string, r: Awaited<ReturnType<typeof measure>>) => {
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `\n${engine}: ${LOCATIONS.toLocaleString('en-US')} locations × ${SESSIONS_PER_LOCATION} sessions, one with ${STATEMENT_SESSIONS.toLocaleString('en-US')} sessions in ${MONTH} (seeded in ${r.seedSeconds.toFixed(1)} s)`,
  );
  console.log(`  balance of one location (median of ${RUNS})        ${r.balance.toFixed(1).padStart(8)} ms  ${r.balance <= 50 ? 'ok' : 'SLOW'}`);
  console.log(
    `  statement CSV, 100,000 sessions (median of ${STATEMENT_RUNS})  ${r.csv.ms.toFixed(0).padStart(8)} ms  ${r.csv.ms <= 2000 ? 'ok' : 'SLOW'}  ${mb(r.csv.bytes)}`,
  );
  console.log(
    `  statement PDF, 100,000 sessions (median of ${STATEMENT_RUNS})  ${r.pdf.ms.toFixed(0).padStart(8)} ms  ${r.pdf.ms <= 2000 ? 'ok' : 'SLOW'}  ${mb(r.pdf.bytes)}`,
  );
  return r.balance <= 50 && r.csv.ms <= 2000 && r.pdf.ms <= 2000;
};

const outcomes = [print('PGlite', await measure())];
const postgres = await createBenchDatabase();
if (postgres) {
  try {
    outcomes.push(print('PostgreSQL', await measure(postgres.url)));
  } finally {
    await postgres.drop();
  }
} else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_POSTGRES_URL)');
finish(outcomes.every(Boolean), 'balance median ≤ 50 ms; statement CSV and PDF ≤ 2 s');
