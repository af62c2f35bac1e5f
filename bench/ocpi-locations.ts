/**
 * Issue 42 benchmark (decision 078): OCPI GET /ocpi/2.2.1/locations as a partner reads it, with 2,000 published
 * locations and 50,000 EVSEs (25 chargers of one connector each), through the whole /ocpi scope (token lookup,
 * validation, envelope, paging headers), on PGlite and PostgreSQL side by side. Bar: every median ≤ 50 ms.
 * Also: what a status change costs the OCPP status writer's statement at a published and an unpublished location.
 */
import { sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/client.ts';
import { seedDemoDataIfEmpty } from '../apps/api/src/db/seed/seed.ts';
import { rowsOf } from '../apps/api/src/db/sql-helpers.ts';
import { createBenchDatabase } from './lib/postgres.ts';
import { finish } from './lib/machine.ts';

const LOCATIONS = 2000;
const CHARGERS_PER_LOCATION = 25;
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const BAR_MS = 50;

/** 2,000 published locations with a tariff, 25 one-connector chargers each, every connector with a report. */
const seedScale = async (handle: DatabaseHandle, token: string) => {
  await handle.db.execute(sql`
    insert into locations (name, address_line1, city, zip_code, state, lng, lat, access_code, publish_to_roaming, ocpi_updated_at)
    select 'Roaming Site ' || lpad(n::text, 4, '0'), n || ' Bench Street', 'City ' || (n % 20), '9' || lpad((n % 10000)::text, 4, '0'), 'CA',
           -122 + (n % 100) / 100.0, 37 + (n % 100) / 100.0, lpad((n % 1000000)::text, 6, '0'), true,
           timestamptz '2026-01-01T00:00:00Z' + n * interval '1 minute'
    from generate_series(1, ${LOCATIONS}) as n`);
  await handle.db.execute(sql`
    insert into tariff_versions (location_id, effective_from, currency, periods, session_fee_minor, session_fee_is_default, idle_fee, violation_rules)
    select id, timestamptz '2025-01-01T00:00:00Z', 'USD', '[]'::jsonb, 0, true,
      '{"enabled": false, "pricePerMinute": 0, "graceMinutes": 0, "dailyCap": null, "freeHours": null}'::jsonb, '{"maxStay": null, "idleLimit": null}'::jsonb
    from locations where name like 'Roaming Site %'`);
  await handle.db.execute(sql`
    insert into chargers (charger_id, location_id, name, thing_name, kind, status, connector_types, max_power_kw)
    select 'RS-' || l.rn || '-' || c, l.id, 'Bay ' || c, 'thing-rs-' || l.rn || '-' || c, (array['dumb','smart','nift'])[1 + (c % 3)],
           (array['available','charging','offline','maintenance','faulted'])[1 + ((l.rn + c) % 5)], '["J1772"]'::jsonb, 11.5
    from (select id, row_number() over (order by name) as rn from locations where name like 'Roaming Site %') l, generate_series(1, ${CHARGERS_PER_LOCATION}) as c`);
  await handle.db.execute(sql`
    insert into connector_states (charger_id, connector_id, status, reported_at)
    select id, 1, (array['Available','Charging','Preparing','Finishing','Faulted'])[1 + (abs(hashtext(charger_id)) % 5)], now() from chargers where charger_id like 'RS-%'`);
  await handle.db.execute(sql`
    insert into ocpi_partners (name, status, country_code, party_id, incoming_token_hash, incoming_token_kind, endpoints)
    values ('Bench eMSP', 'CONNECTED', 'NL', 'EMS', ${hashCredentialsToken(token)}, 'C',
      '[{"identifier": "locations", "role": "RECEIVER", "url": "http://127.0.0.1:9/locations"}]'::jsonb)`);
  await handle.db.execute(sql`analyze`);
};

// A partner's credentials token as OCPI transports it (Base64 after "Token "), stored as its SHA-256 like ours.
const newCredentialsToken = () => randomBytes(32).toString('base64url');
const hashCredentialsToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const authorizationHeaderOf = (token: string) => `Token ${Buffer.from(token, 'utf8').toString('base64')}`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const timed = async (run: () => Promise<void>) => {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i += 1) {
    const started = performance.now();
    await run();
    if (i >= 3) times.push(performance.now() - started);
  }
  return median(times);
};

type Row = [name: string, ms: number, bar: boolean];

const measure = async (url?: string): Promise<Row[]> => {
  const handle = url
    ? await openDatabase({ engine: 'postgres', url, poolSize: 10, statementTimeoutMs: 300_000 })
    : await openDatabase({ engine: 'pglite' });
  await handle.migrate();
  await seedDemoDataIfEmpty(handle.db);
  const token = newCredentialsToken();
  await seedScale(handle, token);
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/wattdesk-bench',
  });
  const app = await buildApp({ config, database: handle, logger: false });
  const authorization = authorizationHeaderOf(token);
  const { id: locationId, charger_id: chargerId } = rowsOf<{ id: string; charger_id: string }>(
    await handle.db.execute(sql`select l.id, c.charger_id from locations l join chargers c on c.location_id = l.id
      where l.name = 'Roaming Site 1000' order by c.charger_id limit 1`),
  )[0]!;

  const cases: [string, string][] = [
    ['locations, first page of 100', '/ocpi/2.2.1/locations?limit=100'],
    ['locations, page at offset 1,900', '/ocpi/2.2.1/locations?offset=1900&limit=100'],
    ['locations, date_from (last 500 changed)', '/ocpi/2.2.1/locations?date_from=2026-01-02T01:20:00Z'],
    ['one location (25 EVSEs)', `/ocpi/2.2.1/locations/${locationId}`],
    ['one EVSE', `/ocpi/2.2.1/locations/${locationId}/${chargerId}-1`],
  ];
  const rows: Row[] = [];
  for (const [name, path] of cases) {
    rows.push([
      name,
      await timed(async () => {
        const response = await app.inject({ method: 'GET', url: path, headers: { authorization } });
        if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
      }),
      true,
    ]);
  }

  // The status writer's statement for one connector, alternating two statuses so each run is a change.
  const statusChange = (where: string) => {
    let flip = false;
    return timed(async () => {
      flip = !flip;
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into connector_states (charger_id, connector_id, status, reported_at)
          select id, 1, ${flip ? 'Charging' : 'Available'}, now() from chargers where charger_id = ${where}
          on conflict (charger_id, connector_id) do update set status = excluded.status, reported_at = excluded.reported_at`);
      });
    });
  };
  rows.push(['status change, published location (+1 PATCH)', await statusChange(chargerId), false]);
  await handle.db.execute(sql`update locations set publish_to_roaming = false where id = ${locationId}`);
  rows.push(['status change, unpublished location', await statusChange(chargerId), false]);
  await app.close();
  await handle.close();
  return rows;
};

const pglite = await measure();
console.log(`PGlite: ${pglite.map(([name, ms]) => `${name} ${ms.toFixed(1)} ms`).join('; ')}`);
const server = await createBenchDatabase();
let postgres: Row[] | undefined;
if (server) {
  try {
    postgres = await measure(server.url);
  } finally {
    await server.drop();
  }
}
console.log(
  `\n${LOCATIONS.toLocaleString('en-US')} published locations, ${(LOCATIONS * CHARGERS_PER_LOCATION).toLocaleString('en-US')} EVSEs (median of ${RUNS} ms)`,
);
console.log(`  ${''.padEnd(46)} ${'PGlite'.padStart(9)} ${'PostgreSQL'.padStart(11)}`);
let pass = true;
pglite.forEach(([name, ms, bar], index) => {
  const other = postgres?.[index]?.[1];
  if (bar) pass &&= ms <= BAR_MS && (other === undefined || other <= BAR_MS);
  console.log(
    `  ${name.padEnd(46)} ${ms.toFixed(1).padStart(9)} ${(other === undefined ? 'skipped' : other.toFixed(1)).padStart(11)}${bar ? '' : '  (not barred)'}`,
  );
});
if (!postgres) console.log('PostgreSQL: skipped (set TEST_DATABASE_URL or BENCH_POSTGRES_URL)');
finish(pass, `every GET median ≤ ${BAR_MS} ms`);
