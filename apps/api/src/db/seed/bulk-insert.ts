import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { jsonRecordset } from '../sql-helpers.ts';

/**
 * One statement per table with the rows as one JSON parameter: binding thousands of parameters per insert
 * is what makes bulk inserts slow on PGlite, parsing one JSON document is not.
 */
export const bulkInsert = async (tx: Executor, table: string, columns: Record<string, string>, rows: readonly Record<string, unknown>[]) => {
  if (!rows.length) return;
  const names = Object.keys(columns);
  const list = sql.raw(names.map((name) => `"${name}"`).join(', '));
  await tx.execute(sql`insert into ${sql.raw(`"${table}"`)} (${list}) select ${list} from ${jsonRecordset(rows, columns)}`);
};
