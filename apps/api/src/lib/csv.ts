import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

export type CsvCell = string | number | null | undefined;

/** A download: its header line and its rows, page after page. */
export type CsvExport = { header: readonly string[]; rows: AsyncIterable<readonly (readonly CsvCell[])[]> };

/** A formula character right after something a spreadsheet may split a cell at (its list separator differs by locale). */
const FORMULA_AFTER_SEPARATOR = /([,;\t|]\s*)([=+\-@])/g;

/**
 * One RFC 4180 cell. Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe: exported logs contain what users typed. So does a formula after a separator (`a;=1+1`):
 * a spreadsheet whose list separator is `;` splits the cell there and would run the second half.
 */
export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly CsvCell[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Sends a CSV download built from pages of rows, so a large export never sits in memory whole.
 * The byte-order mark makes spreadsheet programs read the file as UTF-8.
 */
export const sendCsv = (
  reply: FastifyReply,
  filename: string,
  header: readonly string[] | null,
  pages: AsyncIterable<readonly (readonly CsvCell[])[]>,
): void => {
  async function* lines() {
    // The byte-order mark goes first even when the header comes with the rows (sendCsvExport).
    yield `\uFEFF${header ? csvLine(header) : ''}`;
    for await (const rows of pages) {
      if (rows.length) yield rows.map(csvLine).join('');
    }
  }
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(lines()));
};

/**
 * Sends an export whose header depends on what is exported (the location's time zone). It is read as the
 * stream starts, like every page after it: a failure there ends the download as a failed page would.
 */
export const sendCsvExport = (reply: FastifyReply, filename: string, csv: () => Promise<CsvExport>): void => {
  async function* pages(): AsyncGenerator<readonly (readonly CsvCell[])[]> {
    const { header, rows } = await csv();
    yield [header];
    yield* rows;
  }
  sendCsv(reply, filename, null, pages());
};

/** `activity-log-2026-11-22.csv` */
export const datedFilename = (prefix: string, now: Date) => `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
