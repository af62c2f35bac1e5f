import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Scope } from '../../db/rollup-scope.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { csvCellSql, csvDecimalSql, csvMinorSql, csvWallStampSql } from '../../lib/csv-sql.ts';
import { pickedSessions, wallDayIn, type SessionKey } from './reports.repository.ts';

/** Lines per piece of text: about 40 KB, a string that dies young (V8 keeps larger ones until a full collection). */
const PIECE_LINES = 250;

/** A page of the sessions CSV: its text in pieces, how many sessions it read, and where the next page starts. */
export type SessionLinesPage = { pieces: string[]; read: number; last: SessionKey | undefined };

/**
 * The sessions report as CSV lines written by the database (the cells of `sessionsPage`, as csvLine writes them):
 * a million-row download then costs the API a string per 250 lines instead of an object, a cell array and a line
 * per row, whose garbage, promoted between collections, grew the server by some 300 MB (decision 057). The page is
 * picked and checked against each location's days as `sessionsPage` does; a session whose charger or location was
 * deleted while the report was read is left out.
 */
export const sessionLinesPage = async (
  db: Executor,
  scope: Scope,
  after: SessionKey | undefined,
  limit: number,
  digits: Record<string, number>,
): Promise<SessionLinesPage> => {
  const line = sql.join(
    [
      sql`coalesce(pg.transaction_id::text, '')`,
      csvCellSql(sql`l.name`),
      csvCellSql(sql`c.name`),
      csvCellSql(sql`c.charger_id`),
      sql`coalesce(pg.connector_id::text, '')`,
      csvCellSql(sql`pg.id_tag`),
      csvCellSql(sql`l.time_zone`),
      csvWallStampSql(sql`w.started_wall`, sql`pg.started_at`),
      csvWallStampSql(sql`w.stopped_wall`, sql`pg.stopped_at`),
      csvDecimalSql(sql`pg.energy_wh::numeric / 1000`, 2),
      csvDecimalSql(sql`extract(epoch from pg.stopped_at - pg.started_at)::bigint::numeric / 3600`, 2),
      csvDecimalSql(sql`p.idle_seconds::numeric / 3600`, 2),
      csvMinorSql(sql`p.total_minor`, sql`p.currency`, digits),
      csvCellSql(sql`p.currency`),
    ],
    sql` || ',' || `,
  );
  const pieces = rowsOf<{ text: string | null; read: number; last_started_at: string; last_id: string }>(
    await db.execute(sql`
    with pg as materialized (${pickedSessions(scope, after, limit)})
    select string_agg(${line} || E'\r\n', '' order by pg.n)
        filter (where c.id is not null and l.id is not null and coalesce(${wallDayIn(sql`w.started_wall`, scope)}, false)) as text,
      count(*)::int as read,
      (select started_at::text from pg order by n desc limit 1) as last_started_at,
      (select id from pg order by n desc limit 1) as last_id
    from pg
    left join locations l on l.id = pg.location_id
    left join chargers c on c.id = pg.charger_id
    cross join lateral (select pg.started_at at time zone l.time_zone as started_wall, pg.stopped_at at time zone l.time_zone as stopped_wall offset 0) w
    left join lateral (select p.idle_seconds, p.total_minor, p.currency from session_prices p where p.session_id = pg.id offset 0) p on true
    group by (pg.n - 1) / ${PIECE_LINES} order by min(pg.n)`),
  );
  const final = pieces[pieces.length - 1];
  return {
    pieces: pieces.flatMap((piece) => (piece.text ? [piece.text] : [])),
    read: pieces.reduce((sum, piece) => sum + piece.read, 0),
    last: final ? { started_at: final.last_started_at, id: final.last_id } : undefined,
  };
};

/** Every currency a session's price may be in (prices take their tariff version's), for csvMinorSql. */
export const currenciesInUse = async (db: Executor): Promise<string[]> =>
  rowsOf<{ currency: string }>(
    await db.execute(sql`select currency from tariff_versions union select currency from locations union select currency from default_session_fees`),
  ).map((row) => row.currency);
