import type { RowMode } from '@electric-sql/pglite';

/** What the PGlite thread starts from: a data directory, a dumpDataDir() tarball, or nothing (in memory). */
export type PGliteThreadData = { dataDir?: string; snapshot?: ArrayBuffer };

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      sql: string;
      params: unknown[] | undefined;
      rowMode: RowMode | undefined;
      txId: number | undefined;
    }
  | {
      id: number;
      op: 'prepared';
      /** A statement PREPAREd once in PGlite's session (the first time it is asked for), then EXECUTEd. */
      name: string;
      sql: string;
      params: readonly PreparedValue[];
      /** Taken before the other statements waiting outside a transaction. */
      urgent: boolean;
    }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; txId: number; commit: boolean }
  | { id: number; op: 'dump' }
  | { id: number; op: 'close' };

/** As node-postgres sends a parameter: its text (a boolean as 'true' / 'false'), or null. */
export type PreparedValue = string | null;

/**
 * A value as an SQL literal for EXECUTE, which takes no bind parameters: PostgreSQL's quoting with
 * standard_conforming_strings on (the default, and PGlite's), so only a quote needs doubling. The prepared
 * statement's parameter types convert it, as they would a bound text value.
 */
export const sqlLiteral = (value: PreparedValue): string => {
  if (value === null) return 'NULL';
  if (value.includes('\0')) throw new Error('A text value cannot hold a NUL character');
  return `'${value.replaceAll("'", "''")}'`;
};

/**
 * A database error as plain data: structured cloning keeps only an Error's message, and callers
 * read the SQLSTATE `code` and the `constraint` (see violatedUniqueConstraint).
 */
export type SerializedError = { message: string; stack?: string; fields: Record<string, string | number | boolean> };

/** The thread answers this id, unasked, once PGlite is ready (or failed to start). */
export const READY_ID = 0;

export type ThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: SerializedError };

export const serializeError = (error: unknown): SerializedError => {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
  }
  return { message: error.message, ...(error.stack ? { stack: error.stack } : {}), fields };
};

export const deserializeError = (serialized: SerializedError): Error => {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
};
