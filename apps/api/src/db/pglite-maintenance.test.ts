import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { dueForMaintenance, maintainOnce } from './pglite-maintenance.ts';
import { rowsOf } from './sql-helpers.ts';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ engine: 'pglite' });
  await handle.db.execute(sql`create table readings (id int primary key, status text not null, value int not null)`);
  await handle.db.execute(sql`create index readings_status_idx on readings (status)`);
});
afterAll(() => handle.close());

const statsOf = async (table: string) => {
  const [row] = rowsOf<{ dead: number; vacuums: number; analyses: number; rows: number; updated: number }>(
    await handle.db.execute(sql`
      select s.n_dead_tup::int as dead, s.vacuum_count::int as vacuums, s.analyze_count::int as analyses, c.reltuples::int as rows,
        s.n_tup_upd::int as updated
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid where s.relname = ${table}`),
  );
  return row!;
};

/** PostgreSQL publishes a session's row counts when it is next idle, at most once a second. */
const readingsDue = () => expect.poll(async () => (await dueForMaintenance(handle.db)).find((step) => step.table === 'readings'), { timeout: 5000 });

/** What the planner believes the rows with this status are: what a plan is chosen by. */
const estimatedRows = async (status: string) => {
  const [row] = rowsOf<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(
    await handle.db.execute(sql`explain (format json) select * from readings where status = ${status}`),
  );
  return row!['QUERY PLAN'][0]!.Plan['Plan Rows'];
};

describe('PGlite maintenance (the autovacuum single-user PostgreSQL lacks)', () => {
  it('analyses a table that changed, so the planner sees its rows as they are', async () => {
    await handle.db.execute(sql`insert into readings select g, case when g <= 50 then 'active' else 'done' end, g from generate_series(1, 2000) g`);
    await readingsDue().toBeDefined();
    await maintainOnce(handle.db);
    expect((await statsOf('readings')).rows).toBe(2000);
    expect(await estimatedRows('active')).toBeLessThan(100);

    // Most rows become active: until the next analysis the planner still expects about 50.
    await handle.db.execute(sql`update readings set status = 'active' where id <= 1500`);
    expect(await estimatedRows('active')).toBeLessThan(100);
    await readingsDue().toEqual({ table: 'readings', vacuum: true });

    const before = await statsOf('readings');
    await maintainOnce(handle.db);
    const after = await statsOf('readings');
    expect(after.vacuums).toBe(before.vacuums + 1);
    expect(after.analyses).toBe(before.analyses + 1);
    expect(after.dead).toBe(0);
    expect(after.rows).toBe(2000);
    expect(await estimatedRows('active')).toBeGreaterThan(1000);
  });

  it('leaves a table alone while its changes stay under autovacuum’s thresholds', async () => {
    await maintainOnce(handle.db);
    const before = await statsOf('readings');
    // 50 + 10 % of 2,000 rows = 250 changes before an analysis; 40 stay well under it.
    await handle.db.execute(sql`update readings set value = value + 1 where id <= 40`);
    // Once the 40 updates are counted, the table is still not due.
    await expect.poll(async () => (await statsOf('readings')).updated, { timeout: 5000 }).toBe(before.updated + 40);
    expect(await dueForMaintenance(handle.db)).toEqual([]);
    await maintainOnce(handle.db);
    const after = await statsOf('readings');
    expect(after.vacuums).toBe(before.vacuums);
    expect(after.analyses).toBe(before.analyses);
  });
});
