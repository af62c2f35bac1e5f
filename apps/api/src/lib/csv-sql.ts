import { minorDigits } from '@wattdesk/shared';
import { sql, type SQL } from 'drizzle-orm';

/*
 * CSV cells written by the database, for downloads of a million rows: the API then passes the database's text
 * through instead of building a row object, a cell array and a line per row (decision 057). Each helper writes
 * what its JavaScript counterpart writes (csv.ts, the report's number rounding, zonedTimestampFormatter), and
 * csv-sql.test.ts holds them to it on both engines.
 */

/** JavaScript's \s, spelled out: PostgreSQL's [[:space:]] depends on the database's locale. */
const JS_SPACE = '\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff';
const FORMULA_AFTER_SEPARATOR = `([,;\\t|][${JS_SPACE}]*)([-=+@])`;
const UNSAFE_FIRST = '^[-=+@\\t\\r]';
/** UNSAFE_FIRST or NEEDS_CARE of csv.ts, as one pattern: most cells match neither, and one test is half the cost. */
const NEEDS_WORK = '^[-=+@\\t\\r]|[,;\\t|"\\r\\n]';
const NEEDS_QUOTES = '[",\\r\\n]';

/** csvCell of a text value: '' for null, a formula neutralised with an apostrophe, quotes where RFC 4180 needs them. */
export const csvCellSql = (value: SQL): SQL => {
  const neutralised = sql`regexp_replace(${value}, ${FORMULA_AFTER_SEPARATOR}, ${"\\1'\\2"}, 'g')`;
  const prefixed = sql`(case when ${neutralised} ~ ${UNSAFE_FIRST} then '''' else '' end || ${neutralised})`;
  return sql`(case when ${value} is null then ''
    when ${value} !~ ${NEEDS_WORK} then ${value}
    when ${prefixed} ~ ${NEEDS_QUOTES} then '"' || replace(${prefixed}, '"', '""') || '"'
    else ${prefixed} end)`;
};

/** A number rounded half up to `digits` decimals and written without trailing zeros (12.50 → 12.5); '' for null. */
export const csvDecimalSql = (value: SQL, digits: number): SQL =>
  sql`coalesce(trim_scale(round((${value})::numeric, ${sql.raw(String(Math.trunc(digits)))}))::text, '')`;

/**
 * An instant as zonedTimestampFormatter writes it, `2026-11-03 09:00:00 -08:00`: the zone's wall clock to the
 * second (truncated) and its UTC offset; '' for null. The offset is the wall clock less UTC's, formatted as an
 * interval: computing it as a number of minutes took three times as long on PGlite (two conversions per use).
 */
export const csvZonedTimestampSql = (at: SQL, timeZone: SQL): SQL => {
  const local = sql`(${at} at time zone ${timeZone})`;
  const utc = sql`(${at} at time zone 'UTC')`;
  return sql`coalesce(to_char(${local}, 'YYYY-MM-DD HH24:MI:SS ')
    || case when ${local} < ${utc} then '-' || to_char(${utc} - ${local}, 'HH24:MI') else '+' || to_char(${local} - ${utc}, 'HH24:MI') end, '')`;
};

/**
 * The minor-unit digits (minorDigits) of these currencies and of every current ISO 4217 one, for csvMinorSql: only
 * those other than 2 (JPY 0, KWD 3…). `currencies` names the ones a download may meet (a withdrawn code such as CLF
 * is not in Intl's current list).
 */
export const currencyDigits = (currencies: Iterable<string>): Record<string, number> =>
  Object.fromEntries(
    [...new Set([...Intl.supportedValuesOf('currency'), ...currencies])]
      .map((currency) => [currency, minorDigits(currency)] as const)
      .filter(([, digits]) => digits !== 2),
  );

/** Minor units as the number of units a spreadsheet sums (minorToNumber): 1250 USD → 12.5; '' without an amount or currency. */
export const csvMinorSql = (minor: SQL, currency: SQL, digits: Record<string, number>): SQL =>
  sql`(case when ${minor} is null or ${currency} is null or ${currency} = '' then ''
    else trim_scale((${minor})::numeric / power(10::numeric, coalesce((${JSON.stringify(digits)}::jsonb ->> ${currency})::int, 2)))::text end)`;
