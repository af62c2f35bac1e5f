import { PGlite, types, type PGliteOptions, type QueryOptions, type Results } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Drizzle's pglite driver keeps these types as the text PostgreSQL sends; drizzle converts them itself. */
const DRIZZLE_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const keepText = (value: string) => value;
const DRIZZLE_PARSERS = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((type) => [type, keepText]));

/**
 * PGlite for drizzle. Drizzle passes the same `parsers` with every query, and PGlite merges its whole
 * parser table for each such query: about 180 µs, more than the query itself. Installing those
 * parsers once on the instance and dropping the per-query copy gives identical results without the cost.
 */
export class DrizzlePGlite extends PGlite {
  constructor(dataDirOrOptions?: string | PGliteOptions) {
    const options = typeof dataDirOrOptions === 'string' ? { dataDir: dataDirOrOptions } : (dataDirOrOptions ?? {});
    // pg_trgm backs the substring searches (names, charger ids) with trigram indexes, as on PostgreSQL.
    super({ ...options, extensions: { pg_trgm, ...options.extensions }, parsers: { ...options.parsers, ...DRIZZLE_PARSERS } });
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!options?.parsers) return super.query<T>(query, params, options);
    const { parsers: _perQuery, ...rest } = options;
    return super.query<T>(query, params, rest);
  }
}
