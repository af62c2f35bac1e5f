import { PGlite, types, type PGliteOptions, type QueryOptions, type Results } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
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
/**
 * PostgreSQL's default shared_buffers (128 MB) lives in PGlite's WebAssembly memory and is touched at start:
 * most of an idle server's memory. 32 MB holds the dashboard's working set; the rest of the data is read
 * through the operating system's file cache (decision 060, with the measurements).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

export class DrizzlePGlite extends PGlite {
  constructor(dataDirOrOptions?: string | PGliteOptions) {
    const options = typeof dataDirOrOptions === 'string' ? { dataDir: dataDirOrOptions } : (dataDirOrOptions ?? {});
    // pg_trgm backs the substring searches (names, charger ids) with trigram indexes, as on PostgreSQL;
    // btree_gist backs the exclusion constraint that keeps bookings of a charger from overlapping.
    const startParams = options.startParams ?? [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    super({
      ...options,
      startParams,
      extensions: { pg_trgm, btree_gist, ...options.extensions },
      parsers: { ...options.parsers, ...DRIZZLE_PARSERS },
    });
  }

  override query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!options?.parsers) return super.query<T>(query, params, options);
    const { parsers: _perQuery, ...rest } = options;
    return super.query<T>(query, params, rest);
  }
}
