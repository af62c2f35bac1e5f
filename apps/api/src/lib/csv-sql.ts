import { minorDigits } from '@wattdesk/shared';
import { sql, type SQL } from 'drizzle-orm';

/*
 * CSV cells written by the database, for downloads of a million rows: the API then passes the database's text
 * through instead of building a row object, a cell array and a line per row (decision 057). The functions are in
 * modules/reports/sql/csv-cells.sql; each writes what its JavaScript counterpart writes (csv.ts, the reports' rounding,
 * zonedTimestampFormatter, minorToNumber), and csv-sql.test.ts holds them to it on both engines. Both stay (decision
 * 070): the other exports' cells are made in JavaScript (labels from the catalogues, formatted amounts), and this one
 * would lose the throughput the database's text gave it.
 */

/** csvCell of a text value: '' for null, a formula neutralised with an apostrophe, quotes where RFC 4180 needs them. */
export const csvCellSql = (value: SQL): SQL => sql`wd_csv_cell(${value})`;

/** A number rounded half up to `digits` decimals and written without trailing zeros (12.50 → 12.5); '' for null. */
export const csvDecimalSql = (value: SQL, digits: number): SQL => sql`wd_csv_decimal(${value}, ${sql.raw(String(Math.trunc(digits)))})`;

/**
 * An instant as zonedTimestampFormatter writes it, `2026-11-03 09:00:00 -08:00`; '' for null. It takes the instant's
 * wall clock in its zone already worked out (`at at time zone zone`), so that a query converts each instant once
 * beside the row, not once per use in the cell (decision 057).
 */
export const csvWallStampSql = (wall: SQL, at: SQL): SQL => sql`wd_csv_wall_stamp(${wall}, ${at})`;

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
  sql`wd_csv_minor(${minor}, ${currency}, ${JSON.stringify(digits)}::jsonb)`;
