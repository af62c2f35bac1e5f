import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { rowsOf } from './sql-helpers.ts';

/**
 * PostgreSQL's autovacuum defaults: a table is vacuumed once its dead rows pass 50 + 20 % of its rows, and
 * analysed once the rows changed since its last analysis pass 50 + 10 %.
 */
const BASE_ROWS = 50;
const VACUUM_SHARE = 0.2;
const ANALYZE_SHARE = 0.1;

export type MaintenanceStep = { table: string; vacuum: boolean };

/** The tables of the schema due for what autovacuum would do now, the largest backlog first. */
export const dueForMaintenance = async (db: Database): Promise<MaintenanceStep[]> =>
  rowsOf<{ relname: string; vacuum: boolean }>(
    await db.execute(sql`
    select s.relname, s.n_dead_tup > ${BASE_ROWS} + ${VACUUM_SHARE} * greatest(c.reltuples, 0) or c.reltuples < 0 as vacuum
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname = 'public' and (
      -- Never vacuumed nor analysed, yet holding rows: the counters below start again from zero after a stop
      -- without a clean shutdown, so they alone could leave such a table without statistics for good.
      (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
      or s.n_dead_tup > ${BASE_ROWS} + ${VACUUM_SHARE} * greatest(c.reltuples, 0)
      or s.n_mod_since_analyze > ${BASE_ROWS} + ${ANALYZE_SHARE} * greatest(c.reltuples, 0))
    order by s.n_dead_tup + s.n_mod_since_analyze desc, s.relname`),
  ).map((row) => ({ table: row.relname, vacuum: row.vacuum }));

/** One round: each due table vacuumed (and analysed) or analysed, a statement each, so other statements go between. */
export const maintainOnce = async (db: Database): Promise<MaintenanceStep[]> => {
  const steps = await dueForMaintenance(db);
  for (const step of steps) {
    const table = `"${step.table.replaceAll('"', '""')}"`;
    await db.execute(sql.raw(step.vacuum ? `vacuum (analyze) ${table}` : `analyze ${table}`));
  }
  return steps;
};

type Log = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/**
 * PGlite runs PostgreSQL in single-user mode, which has no autovacuum: nothing would ever refresh the planner's
 * statistics or mark pages all-visible. Its plans then drift from the data (a meter update hashed 5,700 active
 * sessions the statistics put at 25) and index-only scans read the table after all. The API does autovacuum's job
 * on PGlite every `intervalMs`, by autovacuum's own thresholds (decision 065). PostgreSQL has its own.
 */
export const startPgliteMaintenance = ({ db, log, intervalMs }: { db: Database; log: Log; intervalMs: number }) => {
  let round: Promise<void> | undefined;
  const run = () => {
    if (round) return;
    const started = performance.now();
    round = maintainOnce(db)
      .then((steps) => {
        if (steps.length) log.info({ tables: steps, ms: Math.round(performance.now() - started) }, 'PGlite maintenance: vacuumed and analysed');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'PGlite maintenance failed; it is tried again at the next round'))
      .finally(() => (round = undefined));
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await round;
    },
  };
};
