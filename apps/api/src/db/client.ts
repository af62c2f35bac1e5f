import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import { PGliteThread } from './pglite-thread.ts';
import { API_ROOT } from '../api-root.ts';
import { applyDatabaseCode } from './database-code.ts';
import type { Database } from './database-types.ts';
import * as schema from './schema/index.ts';

export type { Database, Executor, Schema, Transaction } from './database-types.ts';

export type DatabaseEngine = 'pglite' | 'postgres';

/** The connections' state when metrics are scraped: node-postgres's pool, or PGlite's one connection's line. */
export type PoolStats = { engine: 'postgres'; total: number; idle: number; waiting: number; max: number } | { engine: 'pglite'; pending: number };

export type DatabaseHandle = {
  db: Database;
  engine: DatabaseEngine;
  poolStats?: () => PoolStats;
  /** The migrations, then the modules' functions and triggers where they differ from the files (database-code.ts). */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.join(API_ROOT, 'drizzle');

/** Serialises migrations and the code applied after them when several API nodes start against one PostgreSQL at once. */
const MIGRATION_LOCK_KEY = 7_246_301;

export type OpenDatabaseOptions =
  /** `snapshot`: a dumpDataDir() tarball to start from (tests use a migrated one). */
  | { engine: 'pglite'; dataDir?: string; snapshot?: Blob }
  | {
      engine: 'postgres';
      url: string;
      poolSize: number;
      statementTimeoutMs: number;
      /** Errors of idle connections (server restart, failover); without a listener they would crash the process. */
      onConnectionError?: (error: Error) => void;
    };

export const openDatabase = async (options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  if (options.engine === 'pglite') {
    const snapshot = options.snapshot ? await options.snapshot.arrayBuffer() : undefined;
    const client = new PGliteThread({ ...(options.dataDir ? { dataDir: options.dataDir } : {}), ...(snapshot ? { snapshot } : {}) });
    await client.waitReady;
    // Drizzle's pglite driver calls only query() and transaction(), which PGliteThread provides.
    const pglite = client as unknown as PGlite;
    const db = drizzlePglite({ client: pglite, schema }) as unknown as Database;
    return {
      db,
      engine: 'pglite',
      poolStats: () => ({ engine: 'pglite', pending: client.pending }),
      migrate: async () => {
        await migratePglite(drizzlePglite({ client: pglite, schema }), { migrationsFolder });
        await applyDatabaseCode(db);
      },
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize,
    statement_timeout: options.statementTimeoutMs,
    // Decision 057: JIT compiled the dashboard's wide aggregates for longer than they then ran. At 4 MB (the
    // default) ranking 50,000 chargers sorted on disk. Parallel workers: the overview already runs its reads side
    // by side on the pool, and workers on top of them fought for the same cores (all three: 569 → 466 ms).
    options: '-c jit=off -c work_mem=16MB -c max_parallel_workers_per_gather=0',
    connectionTimeoutMillis: 5000,
  });
  pool.on('error', options.onConnectionError ?? ((error) => console.warn('PostgreSQL connection error', error.message)));
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  return {
    db,
    engine: 'postgres',
    poolStats: () => ({ engine: 'postgres', total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: options.poolSize }),
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        const locked = drizzlePg({ client: connection, schema });
        await migratePg(locked, { migrationsFolder });
        await applyDatabaseCode(locked);
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    close: () => pool.end(),
  };
};
