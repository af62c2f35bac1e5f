/**
 * Issue 5 benchmark: the location list and control-center queries with 2,000 locations and 50,000 chargers,
 * through the whole API (auth, validation, scoping, serialization), on PGlite and PostgreSQL.
 * Bar: every query's median ≤ 50 ms.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/db/seed/seed.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { finish } from './lib/machine.ts';

const LOCATIONS = 2000;
const CHARGERS_PER_LOCATION = 25;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);

/** Bulk rows made inside the database: 2,000 locations in 20 cities, 25 chargers each. */
const seedScale = async (handle: DatabaseHandle) => {
  await handle.db.execute(sql`
    insert into locations (name, address_line1, city, zip_code, state, lng, lat, access_code, has_reseller)
    select 'Scale Site ' || lpad(n::text, 4, '0'), n || ' Bench Street', 'City ' || (n % 20), '9' || lpad((n % 10000)::text, 4, '0'), 'CA',
           -122 + (n % 100) / 100.0, 37 + (n % 100) / 100.0, lpad((n % 1000000)::text, 6, '0'), n % 7 = 0
    from generate_series(1, ${LOCATIONS}) as n`);
  await handle.db.execute(sql`
    insert into chargers (charger_id, location_id, name, thing_name, kind, status)
    select 'SCALE-' || l.rn || '-' || c, l.id, 'Bay ' || c, 'thing-scale-' || l.rn || '-' || c,
           (array['dumb','smart','nift'])[1 + (c % 3)], (array['available','charging','offline','maintenance','faulted'])[1 + ((l.rn + c) % 5)]
    from (select id, row_number() over (order by name) as rn from locations where name like 'Scale Site %') l,
         generate_series(1, ${CHARGERS_PER_LOCATION}) as c`);
  await handle.db.execute(sql`analyze`);
  // The portfolio manager gets 50 of the scale locations on top of their own.
  await handle.db.execute(sql`
    insert into user_locations (user_id, location_id)
    select u.id, l.id from users u, (select id from locations where name like 'Scale Site %' order by name limit 50) l
    where u.email = 'portfoliomanager@example.com'`);
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const measure = async (engine: 'pglite' | 'postgres', url?: string) => {
  const handle = url
    ? await openDatabase({ engine: 'postgres', url, poolSize: 10, statementTimeoutMs: 10_000 })
    : await openDatabase({ engine: 'pglite' });
  await handle.migrate();
  await seedDemoDataIfEmpty(handle.db);
  await seedScale(handle);
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/wattdesk-bench',
  });
  const app = await buildApp({ config, database: handle, logger: false });
  const tokenOf = async (email: string) =>
    (await app.inject({ method: 'POST', url: '/web/users/login', payload: { email, password: 'Charge#2026' } })).json<{ access_token: string }>()
      .access_token;
  const superAdmin = await tokenOf('superadmin@example.com');
  const portfolio = await tokenOf('portfoliomanager@example.com');
  const someLocation = (
    await app.inject({ method: 'GET', url: '/web/locations?search=Scale%20Site%201000', headers: { authorization: `Bearer ${superAdmin}` } })
  ).json<{ items: { id: string }[] }>().items[0]!.id;

  const cases: [string, string, string][] = [
    ['location list, first page by name', '/web/locations?page=1&pageSize=25&sort=name', superAdmin],
    ['location list, page 40 by name', '/web/locations?page=40&pageSize=25&sort=name', superAdmin],
    ['location list, search "city 7"', '/web/locations?search=city%207', superAdmin],
    ['location list, by charger count', '/web/locations?sort=-chargerCount', superAdmin],
    ['location list, portfolio (55 in reach)', '/web/locations?sort=name', portfolio],
    ['control center, one location', `/web/chargers?locationId=${someLocation}&pageSize=24`, superAdmin],
    ['control center, all 50,000, first page', '/web/chargers?pageSize=24', superAdmin],
    ['control center, all, faulted only', '/web/chargers?pageSize=24&status=faulted', superAdmin],
    ['control center, all, search "bay 7"', '/web/chargers?pageSize=24&search=bay%207', superAdmin],
    // Matches every charger: the search reads its page along the sort index instead.
    ['control center, all, search "bay"', '/web/chargers?pageSize=24&search=bay', superAdmin],
    ['control center, portfolio (all in reach)', '/web/chargers?pageSize=24', portfolio],
  ];
  const results: [string, number][] = [];
  for (const [name, url, token] of cases) {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run += 1) {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      if (run >= 3) times.push(performance.now() - started);
    }
    results.push([name, median(times)]);
  }
  await app.close();
  await handle.close();
  return results;
};

const print = (engine: string, results: [string, number][]) => {
  console.log(
    `\n${engine}: ${LOCATIONS.toLocaleString('en-US')} locations, ${(LOCATIONS * CHARGERS_PER_LOCATION).toLocaleString('en-US')} chargers (median of ${RUNS})`,
  );
  for (const [name, ms] of results) console.log(`  ${name.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms  ${ms <= 50 ? 'ok' : 'SLOW'}`);
  return results.every(([, ms]) => ms <= 50);
};

const outcomes = [print('PGlite', await measure('pglite'))];
const postgres = await createBenchDatabase();
if (postgres) {
  try {
    outcomes.push(print('PostgreSQL', await measure('postgres', postgres.url)));
  } finally {
    await postgres.drop();
  }
} else console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_POSTGRES_URL)');
finish(outcomes.every(Boolean), 'median ≤ 50 ms');
