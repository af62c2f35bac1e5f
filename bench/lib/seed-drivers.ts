import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { seedDemoDataIfEmpty } from '../../apps/api/src/db/seed/seed.ts';

import { BENCH_DRIVERS } from './bench-tags.ts';

/**
 * Before the server starts: the demo network plus BENCH_DRIVERS drivers with one RFID tag each, all drivers of
 * one location (Jack London Square). Every tenth driver has restrictions (weekday hours, two sessions a day),
 * so Authorize also takes the path that counts today's sessions; every twentieth is a sub-user of the driver before
 * it (decision 058), so Authorize also reads a main user's restrictions. Straight SQL: 100,000 invitations through the
 * API would measure the mail outbox, not Authorize.
 */
export const seedBenchDrivers = async (target: { dataDir: string } | { url: string }) => {
  const database =
    'url' in target
      ? await openDatabase({ engine: 'postgres', url: target.url, poolSize: 2, statementTimeoutMs: 300_000 })
      : await openDatabase({ engine: 'pglite', dataDir: `${target.dataDir}/pglite` });
  try {
    await database.migrate();
    await seedDemoDataIfEmpty(database.db);
    await database.db.execute(sql`
      insert into users (email, first_name, last_name, user_type, status)
      select 'bench.driver.' || g || '@example.com', 'Bench', 'Driver ' || g, 'Driver', 'ACTIVE' from generate_series(1, ${BENCH_DRIVERS}) g`);
    await database.db.execute(sql`
      insert into drivers (user_id, location_id, allowed_days, hour_from, hour_to, max_sessions_per_day)
      select u.id, (select id from locations where name = 'Jack London Square'),
        'all-days',
        case when n % 10 = 0 then 0 end, case when n % 10 = 0 then 23 end, case when n % 10 = 0 then 50 end
      from (select id, substring(email from 'bench\\.driver\\.(\\d+)@')::int as n from users where email like 'bench.driver.%') u`);
    await database.db.execute(sql`
      update drivers d set role = 'sub-user', main_driver_id = mu.id
      from users u, users mu
      where u.id = d.user_id and u.email like 'bench.driver.%'
        and substring(u.email from 'bench\\.driver\\.(\\d+)@')::int % 20 = 0
        and mu.email = 'bench.driver.' || (substring(u.email from 'bench\\.driver\\.(\\d+)@')::int - 1) || '@example.com'`);
    await database.db.execute(sql`
      insert into id_tags (tag, driver_id)
      select 'BD' || lpad(substring(u.email from 'bench\\.driver\\.(\\d+)@'), 6, '0'), u.id from users u where u.email like 'bench.driver.%'`);
  } finally {
    await database.close();
  }
};
