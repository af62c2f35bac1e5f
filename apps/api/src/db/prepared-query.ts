import pg from 'pg';
import type { Database } from './client.ts';
import { PGliteThread } from './pglite-thread.ts';
import type { PreparedValue } from './pglite-thread-protocol.ts';

/**
 * A statement planned once per database session and then only executed. For a short read on a hot path
 * (Authorize): on PGlite, planning the driver look-up took about 1 ms of its 1.5 ms, while the driver waited.
 * `sql` casts each of its parameters $1…$n to its type (`$1::text`), which is how both engines learn the types;
 * columns come back as PostgreSQL sends them, so it casts what the two drivers would parse differently (dates,
 * arrays) to text or jsonb.
 */
export type PreparedStatement = { name: string; sql: string };

/**
 * Runs a prepared statement on the database's own client, outside any transaction: PGlite's thread prepares it in
 * its one session; node-postgres prepares it on each pooled connection the first time that connection runs it.
 * `urgent`: on PGlite, which answers one statement at a time, it goes ahead of the statements already waiting
 * (telemetry batches, dashboard reads), so a driver at a charger is not kept behind them (decision 013). Only short
 * reads belong here: an urgent statement still waits for the one that is running. PostgreSQL runs statements side
 * by side on its pool, so there it changes nothing.
 */
export const queryPrepared = async <T>(
  db: Database,
  statement: PreparedStatement,
  params: readonly PreparedValue[],
  options: { urgent?: boolean } = {},
): Promise<T[]> => {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGliteThread) return (await client.queryPrepared<T>(statement, params, options)).rows;
  if (client instanceof pg.Pool) return (await client.query({ name: statement.name, text: statement.sql, values: [...params] })).rows as T[];
  throw new Error('queryPrepared: the database client is neither PGlite nor a PostgreSQL pool');
};
