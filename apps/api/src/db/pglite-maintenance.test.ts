import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { createPgliteMaintenance } from './pglite-maintenance.ts';
import { rowsOf } from './sql-helpers.ts';

let handle: DatabaseHandle;
let maintenance: ReturnType<typeof createPgliteMaintenance>;

beforeAll(async () => {
  handle = await openDatabase({ engine: 'pglite' });
  await handle.db.execute(sql`create table readings (id int primary key, status text not null, value int not null)`);
  await handle.db.execute(sql`create index readings_status_idx on readings (status)`);
  maintenance = createPgliteMaintenance(handle.db);
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
const readingsDue = () => expect.poll(async () => (await maintenance.due()).find((step) => step.table === 'readings'), { timeout: 5000 });

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
    await maintenance.runOnce();
    expect((await statsOf('readings')).rows).toBe(2000);
    expect(await estimatedRows('active')).toBeLessThan(100);

    // Most rows become active: until the next analysis the planner still expects about 50.
    await handle.db.execute(sql`update readings set status = 'active' where id <= 1500`);
    expect(await estimatedRows('active')).toBeLessThan(100);
    await readingsDue().toEqual({ table: 'readings', vacuum: true });

    const before = await statsOf('readings');
    await maintenance.runOnce();
    const after = await statsOf('readings');
    expect(after.vacuums).toBe(before.vacuums + 1);
    expect(after.analyses).toBeGreaterThan(before.analyses);
    expect(after.dead).toBe(0);
    expect(after.rows).toBe(2000);
    expect(await estimatedRows('active')).toBeGreaterThan(1000);
  });

  it('leaves a table alone while its changes stay under autovacuum’s thresholds', async () => {
    await maintenance.runOnce();
    const before = await statsOf('readings');
    // 50 + 10 % of 2,000 rows = 250 changes before an analysis; 40 stay well under it.
    await handle.db.execute(sql`update readings set value = value + 1 where id <= 40`);
    // Once the 40 updates are counted, the table is still not due.
    await expect.poll(async () => (await statsOf('readings')).updated, { timeout: 5000 }).toBe(before.updated + 40);
    expect(await maintenance.due()).toEqual([]);
    await maintenance.runOnce();
    const after = await statsOf('readings');
    expect(after.vacuums).toBe(before.vacuums);
    expect(after.analyses).toBe(before.analyses);
  });
  it('analyses column by column and counts changes from its own analysis, which PostgreSQL does not reset', async () => {
    await handle.db.execute(sql`create table tags (id int primary key, holder text not null, kind text not null)`);
    await handle.db.execute(
      sql`insert into tags select g, 'driver ' || (g % 300), case when g % 10 = 0 then 'app' else 'rfid' end from generate_series(1, 3000) g`,
    );
    const changedSinceAnalysis = async () => {
      const [row] = rowsOf<{ changed: number }>(
        await handle.db.execute(sql`select n_mod_since_analyze::int as changed from pg_stat_user_tables where relname = 'tags'`),
      );
      return row!.changed;
    };
    const tagsDue = () => expect.poll(async () => (await maintenance.due()).some((step) => step.table === 'tags'), { timeout: 5000 });
    // Once PostgreSQL has counted the 3,000 rows inserted (it publishes counts at most once a second):
    await expect.poll(changedSinceAnalysis, { timeout: 5000 }).toBe(3000);
    await maintenance.runOnce();
    const columns = rowsOf<{ attname: string }>(await handle.db.execute(sql`select attname from pg_stats where tablename = 'tags' order by attname`));
    expect(columns.map((column) => column.attname)).toEqual(['holder', 'id', 'kind']);

    // PostgreSQL still counts the insert as changes since an analysis; the round that analysed every column does not.
    expect(await changedSinceAnalysis()).toBe(3000);
    expect((await maintenance.due()).some((step) => step.table === 'tags')).toBe(false);

    // 50 + 10 % of 3,000 = 350 changes since that round make it due again.
    await handle.db.execute(sql`update tags set kind = 'app' where id <= 400`);
    await tagsDue().toBe(true);
  });
});
