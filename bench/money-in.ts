/**
 * Issue 43's money-in bar: 10,000 completed, priced sessions charged to the drivers' cards through the Stripe sandbox
 * at ≥ 200 per second without a double charge, on PGlite and PostgreSQL.
 *
 * Setup (not timed): drivers save a 4242 card through the product's card flow (setup → the sandbox's card page →
 * finish, as a browser does); sessions and their prices are inserted, the ledger's `session_priced` movement is
 * written by the ledger service itself, and each session's pending payment is inserted as the pricing transaction
 * writes it (due at its pricing time). Timed: the charge job's pass (`chargeDue`, what PAYMENT_JOB_SECONDS runs)
 * through the Stripe SDK pointed at the app's own sandbox, exactly as `npm start` wires it, until nothing is pending.
 * Then a second round with two nodes charging the same due payments at once (the second node's SDK points at the
 * first's sandbox with STRIPE_API_URL, as two nodes share one Stripe). Each round is checked from the stored objects:
 * every payment paid, one PaymentIntent per session, one `payment_collected` per session, every movement sums to 0.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { rowsOf } from '../apps/api/src/db/sql-helpers.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/db/seed/seed.ts';
import { finish } from './lib/machine.ts';
import { createBenchDatabase } from './lib/postgres.ts';

const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 10_000);
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 100);
const BAR_PER_SECOND = 200;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-bench';
/** The built-in sandbox's own credentials (payments/stripe-sandbox.ts): they open nothing anywhere else. */
const SANDBOX_SECRET_KEY = 'sk_test_wattdesk_sandbox';
const SANDBOX_CLIENT_ID = 'ca_wattdesk_sandbox';

type App = Awaited<ReturnType<typeof buildApp>>;
type Engine = { name: string; open: () => Promise<DatabaseHandle>; dataDir: string };

const configFor = (dataDir: string, extra: Record<string, string> = {}) =>
  loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://wattdesk.test',
    PAYOUT_SCHEDULE_MINUTES: '0',
    // The bench runs the job's pass itself (the same `chargeDue` the timer runs), so it can time it.
    PAYMENT_JOB_SECONDS: '0',
    ...extra,
  });

const one = async <T>(handle: DatabaseHandle, query: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(query))[0]!;

/** Drivers of Jack London Square, each with a 4242 card saved through the product's card flow. */
const seedDrivers = async (app: App, handle: DatabaseHandle) => {
  await handle.db.execute(sql`
    insert into users (email, first_name, last_name, user_type, status)
    select 'money.in.' || g || '@example.com', 'Money', 'Driver ' || g, 'Driver', 'ACTIVE' from generate_series(1, ${DRIVERS}) g`);
  await handle.db.execute(sql`
    insert into drivers (user_id, location_id, allowed_days)
    select u.id, (select id from locations where name = 'Jack London Square'), 'all-days' from users u where u.email like 'money.in.%'`);
  const login = await app.inject({ method: 'POST', url: '/web/users/login', payload: { email: 'superadmin@example.com', password: 'Charge#2026' } });
  const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
  const ids = rowsOf<{ id: string }>(await handle.db.execute(sql`select id from users where email like 'money.in.%' order by email`)).map(
    (r) => r.id,
  );
  for (const driverId of ids) {
    const started = await app.inject({ method: 'POST', url: `/web/drivers/${driverId}/payment-method/setup`, headers });
    if (started.statusCode !== 200) throw new Error(`card setup: ${started.statusCode} ${started.body.slice(0, 300)}`);
    const page = new URL(started.json<{ url: string }>().url);
    const posted = await app.inject({
      method: 'POST',
      url: page.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' }).toString(),
    });
    const back = new URL(posted.headers.location as string);
    const saved = await app.inject({
      method: 'POST',
      url: `/web/drivers/${driverId}/payment-method`,
      headers,
      payload: { sessionId: back.searchParams.get('card_session') },
    });
    if (saved.statusCode !== 200) throw new Error(`card save: ${saved.statusCode} ${saved.body.slice(0, 300)}`);
  }
};

/**
 * A round of completed, priced sessions with a pending payment due now, as the pricing transaction leaves them:
 * the session's price, the ledger's `session_priced` movement (written by the ledger service) and the payment row.
 */
const seedRound = async (app: App, handle: DatabaseHandle, round: string) => {
  const place = await one<{ charger_id: string; location_id: string; tariff_version_id: string }>(
    handle,
    sql`select c.id as charger_id, l.id as location_id, (select tv.id from tariff_versions tv where tv.location_id = l.id limit 1) as tariff_version_id
        from locations l join chargers c on c.location_id = l.id where l.name = 'Jack London Square' order by c.id limit 1`,
  );
  const sessions = rowsOf<{ id: string; total: string | number }>(
    await handle.db.execute(sql`
      with d as (select user_id, row_number() over (order by user_id) - 1 as n from drivers d join users u on u.id = d.user_id where u.email like 'money.in.%'),
      s as (
        insert into charging_sessions (charger_id, location_id, connector_id, id_tag, driver_id, status, started_at, stopped_at,
                                       meter_start_wh, meter_last_wh, meter_stop_wh, tariff_version_id, stop_reason)
        select ${place.charger_id}::uuid, ${place.location_id}::uuid, 1, ${round} || '-' || g, d.user_id, 'completed',
               now() - interval '2 hours' - g * interval '1 second', now() - interval '1 hour' - g * interval '1 second',
               1000, 1000 + 5000 + (g % 40) * 500, 1000 + 5000 + (g % 40) * 500, ${place.tariff_version_id}::uuid, 'Local'
        from generate_series(1, ${SESSIONS}) g join d on d.n = g % ${DRIVERS}
        returning id, meter_stop_wh - meter_start_wh as energy)
      insert into session_prices (session_id, location_id, tariff_version_id, currency, total_minor, energy_wh, charging_seconds, idle_seconds, priced_at)
      select id, ${place.location_id}::uuid, ${place.tariff_version_id}::uuid, 'USD', 50 + round(energy * 0.35)::bigint, energy, 3600, 0, now()
      from s returning session_id as id, total_minor as total`),
  );
  const pricedAt = new Date();
  // The ledger's own movement, as the pricing transaction books it (receivable, the host's part held).
  const queue = [...sessions];
  await Promise.all(
    Array.from({ length: handle.engine === 'postgres' ? 8 : 1 }, async () => {
      for (let next = queue.shift(); next; next = queue.shift())
        await app.payouts.recordSessionRevenue({
          sessionId: next.id,
          locationId: place.location_id,
          currency: 'USD',
          total: Number(next.total),
          pricedAt,
        });
    }),
  );
  await handle.db.execute(sql`
    insert into session_payments (session_id, location_id, driver_id, amount_minor, currency, status, last_error, next_attempt_at)
    select sp.session_id, sp.location_id, coalesce(d.main_driver_id, d.user_id), sp.total_minor, sp.currency, 'pending', null, sp.priced_at
    from session_prices sp join charging_sessions cs on cs.id = sp.session_id join drivers d on d.user_id = cs.driver_id
    where cs.id_tag like ${`${round}-%`}`);
  await handle.db.execute(sql`analyze`);
  return sessions.length;
};

const pendingOf = async (handle: DatabaseHandle, round: string) =>
  Number(
    (
      await one<{ n: string | number }>(
        handle,
        sql`select count(*) as n from session_payments sp join charging_sessions cs on cs.id = sp.session_id
            where cs.id_tag like ${`${round}-%`} and sp.status = 'pending'`,
      )
    ).n,
  );

/** Charges with the job's pass on each node at once until the round has nothing pending; answers seconds and passes. */
const chargeRound = async (handle: DatabaseHandle, nodes: App[], round: string) => {
  const started = performance.now();
  // The process's CPU (every thread: PGlite's too, not PostgreSQL's server): a figure the neighbours inflate far less than the clock.
  const cpuBefore = process.cpuUsage();
  let passes = 0;
  while ((await pendingOf(handle, round)) > 0 && passes < 5) {
    await Promise.all(nodes.map((node) => node.driverPayments.chargeDue()));
    passes += 1;
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { seconds: (performance.now() - started) / 1000, passes, cpuMs: (cpu.user + cpu.system) / 1000 };
};

/** What a user of the ledger and of Stripe's dashboard would check, from the stored rows. */
const verify = async (handle: DatabaseHandle, round: string) => {
  const inRound = sql`(select sp.session_id from session_payments sp join charging_sessions cs on cs.id = sp.session_id where cs.id_tag like ${`${round}-%`})`;
  const payments = await one<{ total: string; paid: string; owed: string }>(
    handle,
    sql`select count(*) as total, count(*) filter (where status = 'paid') as paid, coalesce(sum(amount_minor), 0) as owed
        from session_payments where session_id in ${inRound}`,
  );
  const intents = await one<{ sessions: string; once: string; more: string; intents: string; succeeded: string; taken: string; matching: string }>(
    handle,
    sql`with pi as (
          select body->'metadata'->>'wattdesk_session' as session_id, object_id, body->>'status' as status, (body->>'amount')::bigint as amount
          from payment_sandbox_objects where provider = 'stripe' and kind = 'payment_intent'),
        per as (select session_id, count(*) as n from pi where session_id::uuid in ${inRound} group by session_id)
        select (select count(*) from per) as sessions, (select count(*) from per where n = 1) as once, (select count(*) from per where n > 1) as more,
               (select count(*) from pi where session_id::uuid in ${inRound}) as intents,
               (select count(*) from pi where session_id::uuid in ${inRound} and status = 'succeeded') as succeeded,
               (select coalesce(sum(amount), 0) from pi where session_id::uuid in ${inRound} and status = 'succeeded') as taken,
               (select count(*) from session_payments sp join pi on pi.object_id = sp.provider_payment_id where sp.session_id in ${inRound}) as matching`,
  );
  const ledger = await one<{ sessions: string; once: string; unbalanced: string }>(
    handle,
    sql`with per as (select session_id, count(distinct movement_id) as n from ledger_entries
                     where event = 'payment_collected' and session_id in ${inRound} group by session_id)
        select (select count(*) from per) as sessions, (select count(*) from per where n = 1) as once,
               (select count(*) from (select movement_id from ledger_entries group by movement_id having sum(amount_minor) <> 0) u) as unbalanced`,
  );
  const n = (value: string) => Number(value);
  const total = n(payments.total);
  const ok =
    total === SESSIONS &&
    n(payments.paid) === total &&
    n(intents.sessions) === total &&
    n(intents.once) === total &&
    n(intents.intents) === total &&
    n(intents.succeeded) === total &&
    n(intents.matching) === total &&
    n(intents.taken) === n(payments.owed) &&
    n(ledger.sessions) === total &&
    n(ledger.once) === total &&
    n(ledger.unbalanced) === 0;
  const line =
    `payments paid ${payments.paid}/${total}; PaymentIntents ${intents.intents} for ${intents.sessions} sessions ` +
    `(${intents.once} with exactly one, ${intents.more} with more; ${intents.succeeded} succeeded, ${intents.matching} on their payment; ` +
    `taken ${n(intents.taken) === n(payments.owed) ? '=' : '≠'} owed); payment_collected once for ${ledger.once}/${total}; ` +
    `unbalanced movements ${ledger.unbalanced}`;
  return { ok, line };
};

const measure = async (engine: Engine) => {
  const handle = await engine.open();
  await handle.migrate();
  await seedDemoDataIfEmpty(handle.db);
  const nodeA = await buildApp({ config: configFor(engine.dataDir), database: handle, logger: false });
  await nodeA.ready();
  const setup = performance.now();
  await seedDrivers(nodeA, handle);
  await seedRound(nodeA, handle, 'MI1');
  const setupSeconds = (performance.now() - setup) / 1000;

  const single = await chargeRound(handle, [nodeA], 'MI1');
  const singleCheck = await verify(handle, 'MI1');

  // A second node on the same database, sharing the first's Stripe (its sandbox, by STRIPE_API_URL); PGlite is one
  // process's database, so there both nodes share its handle, on PostgreSQL each has its own pool.
  await seedRound(nodeA, handle, 'MI2');
  const handleB = handle.engine === 'postgres' ? await engine.open() : handle;
  const { port } = await nodeA.payouts.sandbox.address();
  const nodeB = await buildApp({
    config: configFor(engine.dataDir, {
      STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY,
      STRIPE_CLIENT_ID: SANDBOX_CLIENT_ID,
      STRIPE_API_URL: `http://127.0.0.1:${port}`,
    }),
    database: handleB,
    logger: false,
  });
  await nodeB.ready();
  const double = await chargeRound(handle, [nodeA, nodeB], 'MI2');
  const doubleCheck = await verify(handle, 'MI2');

  const closing = performance.now();
  await nodeB.close();
  await nodeA.close();
  const closeSeconds = (performance.now() - closing) / 1000;
  if (handleB !== handle) await handleB.close();
  await handle.close();
  return { setupSeconds, single, singleCheck, double, doubleCheck, closeSeconds };
};

const print = (engine: string, r: Awaited<ReturnType<typeof measure>>) => {
  const rate = (seconds: number) => SESSIONS / seconds;
  const fast = rate(r.single.seconds) >= BAR_PER_SECOND;
  console.log(
    `\n${engine}: ${SESSIONS.toLocaleString('en-US')} sessions per round, ${DRIVERS} drivers with a 4242 card (setup ${r.setupSeconds.toFixed(1)} s, not timed)`,
  );
  console.log(
    `  one node, the job's pass:        ${r.single.seconds.toFixed(2).padStart(7)} s  ${rate(r.single.seconds).toFixed(0).padStart(5)} sessions/s  ${fast ? 'ok' : 'SLOW'}  (${r.single.passes} pass${r.single.passes === 1 ? '' : 'es'}; CPU ${(r.single.cpuMs / SESSIONS).toFixed(2)} ms/session)`,
  );
  console.log(`    ${r.singleCheck.ok ? 'ok' : 'WRONG'}: ${r.singleCheck.line}`);
  console.log(
    `  two nodes at once, same payments: ${r.double.seconds.toFixed(2).padStart(6)} s  ${rate(r.double.seconds).toFixed(0).padStart(5)} sessions/s  (${r.double.passes} pass${r.double.passes === 1 ? '' : 'es'} each; CPU ${(r.double.cpuMs / SESSIONS).toFixed(2)} ms/session)`,
  );
  console.log(`    ${r.doubleCheck.ok ? 'ok' : 'WRONG'}: ${r.doubleCheck.line}`);
  console.log(`  receipts and webhook deliveries drained at close in ${r.closeSeconds.toFixed(1)} s`);
  return fast && r.singleCheck.ok && r.doubleCheck.ok;
};

const scratch = () => mkdtempSync(join(tmpdir(), 'wattdesk-money-in-'));
const outcomes: boolean[] = [];
/** `BENCH_ENGINES=postgres` (or `pglite`) runs one engine: for a profile of one (`node --cpu-prof`). */
const engines = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',');
if (engines.includes('pglite')) {
  const pgliteDir = scratch();
  try {
    outcomes.push(
      print(
        'PGlite',
        await measure({ name: 'PGlite', dataDir: pgliteDir, open: () => openDatabase({ engine: 'pglite', dataDir: `${pgliteDir}/pglite` }) }),
      ),
    );
  } finally {
    rmSync(pgliteDir, { recursive: true, force: true });
  }
}
const postgres = engines.includes('postgres') ? await createBenchDatabase() : undefined;
if (postgres) {
  const dir = scratch();
  try {
    const config = configFor(dir);
    outcomes.push(
      print(
        'PostgreSQL',
        await measure({
          name: 'PostgreSQL',
          dataDir: dir,
          open: () =>
            openDatabase({ engine: 'postgres', url: postgres.url, poolSize: config.db.poolSize, statementTimeoutMs: config.db.statementTimeoutMs }),
        }),
      ),
    );
  } finally {
    await postgres.drop();
    rmSync(dir, { recursive: true, force: true });
  }
} else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_POSTGRES_URL)');
finish(
  outcomes.every(Boolean),
  `≥ ${BAR_PER_SECOND} sessions/s charged by one node; every payment paid, one PaymentIntent and one payment_collected per session, with one node and with two`,
);
