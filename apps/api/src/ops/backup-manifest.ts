import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../api-root.ts';

export const BACKUP_FORMAT = 'wattdesk-backup';
export const BACKUP_FORMAT_VERSION = 1;

/** The archive's own description, first in it (manifest.json). */
export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  /** The API's version that wrote it. */
  appVersion: string;
  createdAt: string;
  engine: 'pglite';
  /** Drizzle's applied migrations: a restore into an older build than that warns. */
  migrations: { count: number; lastCreatedAt: number | null };
  /** Every table of the public schema and its rows at the snapshot; a restore checks them again. */
  rowCounts: Record<string, number>;
  files: { count: number; bytes: number };
  /** DATA_DIR/jwt-secret: without JWT_SECRET it is the key of the secrets sealed in the database (secret-box.ts). */
  jwtSecret: boolean;
};

/** Where each part sits in the archive. */
export const ENTRY = { manifest: 'manifest.json', database: 'pglite.tar', jwtSecret: 'jwt-secret', filesPrefix: 'files/' } as const;

export const appVersion = (): string => (JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

type Queryable = { query: <T>(sql: string) => Promise<{ rows: T[] }> };

export const rowCounts = async (db: Queryable): Promise<Record<string, number>> => {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const [row] = (await db.query<{ n: number }>(`select count(*)::int as n from public."${name.replaceAll('"', '""')}"`)).rows;
    counts[name] = row?.n ?? 0;
  }
  return counts;
};

export const appliedMigrations = async (db: Queryable): Promise<BackupManifest['migrations']> => {
  const [row] = (
    await db.query<{ count: number; last: string | null }>(
      'select count(*)::int as count, max(created_at)::text as last from drizzle.__drizzle_migrations',
    )
  ).rows;
  return { count: row?.count ?? 0, lastCreatedAt: row?.last ? Number(row.last) : null };
};

/** Table by table, what differs between two sets of counts ("table: 12 → 11"). */
export const countDifferences = (expected: Record<string, number>, found: Record<string, number>): string[] =>
  [...new Set([...Object.keys(expected), ...Object.keys(found)])]
    .filter((table) => expected[table] !== found[table])
    .map((table) => `${table}: ${expected[table] ?? 'absent'} → ${found[table] ?? 'absent'}`);
