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

type TableActivity = { relname: string; dead: number; changed: number; rows: number; unread: boolean; columns: string[] };

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Autovacuum's job on PGlite, as short statements. PGlite runs one statement at a time and cannot interrupt one,
 * so whatever arrives meanwhile (an Authorize at a charger) waits for the rest of it: at 5,000 chargers a
 * `vacuum (analyze)` of the chargers took 66 ms and an `analyze` of the meter samples 40 ms, and the Authorizes that
 * came during them took up to 58 ms (decision 065). So the vacuum is a statement of its own and the analysis goes a
 * column at a time, each statement a few milliseconds, with the queue's urgent reads going between them.
 *
 * PostgreSQL resets a table's count of changes since its last analysis only when one statement analyses every
 * column, so the count at our last analysis is kept here and the changes are counted from it. A restart forgets it:
 * the first round after one may analyse a table again.
 */
export const createPgliteMaintenance = (db: Database) => {
  /** n_mod_since_analyze of each table when this process last analysed it. */
  const changedAtAnalysis = new Map<string, number>();

  const activity = async (): Promise<TableActivity[]> =>
    rowsOf<TableActivity>(
      await db.execute(sql`
      select s.relname, s.n_dead_tup::float8 as dead, s.n_mod_since_analyze::float8 as changed,
        greatest(c.reltuples, 0)::float8 as rows,
        -- Never vacuumed nor analysed, yet holding rows: the counters start again from zero after a stop without a
        -- clean shutdown, so they alone could leave such a table without statistics for good.
        (c.reltuples < 0 and pg_relation_size(c.oid) > 0) as unread,
        array(select a.attname::text from pg_attribute a
          where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and coalesce(a.attstattarget, -1) <> 0
          order by a.attnum) as columns
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = 'public'`),
    );

  /** The tables due for what autovacuum would do now, the largest backlog first, with the columns to analyse. */
  const plan = async () => {
    const tables = (await activity()).map((table) => {
      const since = table.changed - (changedAtAnalysis.get(table.relname) ?? 0);
      // Below the kept count, PostgreSQL reset its own (a full analysis elsewhere, a table made anew): its count stands.
      const changed = since < 0 ? table.changed : since;
      const vacuum = table.unread || table.dead > BASE_ROWS + VACUUM_SHARE * table.rows;
      const analyze = vacuum || changed > BASE_ROWS + ANALYZE_SHARE * table.rows;
      return { ...table, vacuum, analyze, backlog: table.dead + changed };
    });
    return tables.filter((table) => table.analyze).sort((a, b) => b.backlog - a.backlog || a.relname.localeCompare(b.relname));
  };

  return {
    due: async (): Promise<MaintenanceStep[]> => (await plan()).map(({ relname, vacuum }) => ({ table: relname, vacuum })),

    /** One round: each due table vacuumed (when its dead rows ask) and analysed column by column. */
    runOnce: async (): Promise<MaintenanceStep[]> => {
      const due = await plan();
      for (const table of due) {
        const name = quoted(table.relname);
        if (table.vacuum) await db.execute(sql.raw(`vacuum ${name}`));
        for (const column of table.columns) await db.execute(sql.raw(`analyze ${name} (${quoted(column)})`));
        changedAtAnalysis.set(table.relname, table.changed);
      }
      return due.map(({ relname, vacuum }) => ({ table: relname, vacuum }));
    },
  };
};

type Log = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/**
 * PGlite runs PostgreSQL in single-user mode, which has no autovacuum: nothing would ever refresh the planner's
 * statistics or mark pages all-visible. Its plans then drift from the data (a meter update hashed 5,700 active
 * sessions the statistics put at 25) and index-only scans read the table after all. The API does autovacuum's job
 * on PGlite every `intervalMs`, by autovacuum's own thresholds (decision 065). PostgreSQL has its own.
 */
export const startPgliteMaintenance = ({ db, log, intervalMs }: { db: Database; log: Log; intervalMs: number }) => {
  const maintenance = createPgliteMaintenance(db);
  let round: Promise<void> | undefined;
  const run = () => {
    if (round) return;
    const started = performance.now();
    round = maintenance
      .runOnce()
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
