import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * `at` falls within days `from`…`to` (YYYY-MM-DD, both included) of the given time zone: "from 1 March" means
 * the location's midnight, not UTC's. Either end may be open.
 */
export const withinLocalDays = (at: AnyColumn, timeZone: AnyColumn, days: { from?: string | undefined; to?: string | undefined }): SQL | undefined =>
  and(
    days.from ? sql`${at} >= (${days.from}::date)::timestamp at time zone ${timeZone}` : undefined,
    days.to ? sql`${at} < (${days.to}::date + 1)::timestamp at time zone ${timeZone}` : undefined,
  );

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

type DriverError = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * The constraint a unique violation (SQLSTATE 23505) broke, whether the error comes straight from the
 * driver (pg, PGlite) or wrapped by drizzle; undefined for any other error.
 */
export const violatedUniqueConstraint = (error: unknown): string | undefined => {
  for (let current = error as DriverError | undefined, depth = 0; current && depth < 4; depth += 1) {
    if (current.code === '23505') return typeof current.constraint === 'string' ? current.constraint : '';
    current = current.cause as DriverError | undefined;
  }
  return undefined;
};

/** The constraint an exclusion violation (SQLSTATE 23P01) broke, as violatedUniqueConstraint does for 23505. */
export const violatedExclusionConstraint = (error: unknown): string | undefined => {
  for (let current = error as DriverError | undefined, depth = 0; current && depth < 4; depth += 1) {
    if (current.code === '23P01') return typeof current.constraint === 'string' ? current.constraint : '';
    current = current.cause as DriverError | undefined;
  }
  return undefined;
};

/** Raw `db.execute` answers `{ rows }` on both drivers (node-postgres and PGlite); the HKT leaves it unknown. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Rows as one jsonb parameter, read back as a table `x` with these columns (name → SQL type; names are the rows'
 * keys). Binding a parameter per value is what makes multi-row statements slow on PGlite: 500 meter samples took
 * 26 ms as a VALUES list of 3,500 parameters and 10 ms as one JSON document (decision 013), and every other query
 * waits behind that statement on PGlite's one connection.
 */
export const jsonRecordset = (rows: readonly object[], columns: Record<string, string>): SQL =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(${sql.raw(
    Object.entries(columns)
      .map(([name, type]) => `"${name}" ${type}`)
      .join(', '),
  )})`;

/**
 * Ids as one `uuid[]` parameter, for `id = any(...)`: one parameter, not one per id. Beside a join to
 * `jsonRecordset` it also gives the planner the rows' keys: it cannot see how many rows a jsonb_to_recordset holds
 * (it assumes 100), so it hashed every row of the table against them. On PGlite a meter update of 50 sessions read
 * all 5,700 active ones, 2.2 ms where reading the 50 by key takes 1.2 ms (decision 013).
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
