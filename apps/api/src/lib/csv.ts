import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

export type CsvCell = string | number | null | undefined;

/** A download: its header line and its rows, page after page. */
export type CsvExport = { header: readonly string[]; rows: AsyncIterable<readonly (readonly CsvCell[])[]> };

/** A formula character right after something a spreadsheet may split a cell at (its list separator differs by locale). */
const FORMULA_AFTER_SEPARATOR = /([,;\t|]\s*)([=+\-@])/g;
/** A cell a spreadsheet would run (its first character), and one holding a separator, a quote or a line break. */
const UNSAFE_FIRST = /^[=+\-@\t\r]/;
const NEEDS_CARE = /[,;\t|"\r\n]/;

/**
 * One RFC 4180 cell. Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe: exported logs contain what users typed. So does a formula after a separator (`a;=1+1`):
 * a spreadsheet whose list separator is `;` splits the cell there and would run the second half.
 */
export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  // Most cells (names, numbers, timestamps) need nothing; two cheap tests say so before any rewriting.
  if (typeof value === 'string' && !UNSAFE_FIRST.test(value) && !NEEDS_CARE.test(value)) return value;
  let text = String(value);
  if (typeof value === 'string') {
    text = text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2");
    if (UNSAFE_FIRST.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

export const csvLine = (cells: readonly CsvCell[]): string => {
  let line = '';
  for (let index = 0; index < cells.length; index += 1) line += index ? `,${csvCell(cells[index])}` : csvCell(cells[index]);
  return `${line}\r\n`;
};

/**
 * Characters of CSV text per write. A string above V8's regular object size (128 KiB) goes straight to the old
 * generation and lives until a full collection: written a page at a time, a million-row report grew the
 * server by hundreds of MB of dead text. Pieces this size die young.
 */
export const CHUNK_CHARS = 32 * 1024;

/** A page of rows as CSV text, in pieces of about CHUNK_CHARS. */
function* csvChunks(rows: readonly (readonly CsvCell[])[]): Generator<string> {
  let text = '';
  for (const row of rows) {
    text += csvLine(row);
    if (text.length >= CHUNK_CHARS) {
      yield text;
      text = '';
    }
  }
  if (text) yield text;
}

/**
 * Sends a CSV download of text already written with csvLine / csvCell, piece by piece (pieces of about
 * CHUNK_CHARS). The byte-order mark makes spreadsheet programs read the file as UTF-8.
 */
export const sendCsvText = (reply: FastifyReply, filename: string, pieces: AsyncIterable<string> | Iterable<string>): void => {
  async function* marked() {
    yield '\uFEFF';
    yield* pieces;
  }
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    // One piece read ahead, not Readable.from's default sixteen: a slow download holds little.
    .send(Readable.from(marked(), { highWaterMark: 1 }));
};

/** Sends a CSV download of text already written (csvLine, or the database: csv-sql.ts) under its header line. */
export const sendCsvLines = (reply: FastifyReply, filename: string, header: readonly string[] | null, pieces: AsyncIterable<string>): void => {
  async function* lines() {
    if (header) yield csvLine(header);
    yield* pieces;
  }
  sendCsvText(reply, filename, lines());
};

/** Sends a CSV download built from pages of rows, so a large export never sits in memory whole. */
export const sendCsv = (
  reply: FastifyReply,
  filename: string,
  header: readonly string[] | null,
  pages: AsyncIterable<readonly (readonly CsvCell[])[]>,
): void => {
  async function* pieces() {
    for await (const rows of pages) yield* csvChunks(rows);
  }
  sendCsvLines(reply, filename, header, pieces());
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
