import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

export type CsvCell = string | number | null | undefined;

/**
 * One RFC 4180 cell. Text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe: exported logs contain what users typed.
 */
export const csvCell = (value: CsvCell): string => {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
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
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly CsvCell[])[]>,
): void => {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
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

/** `activity-log-2026-11-22.csv` */
export const datedFilename = (prefix: string, now: Date) => `${prefix}-${now.toISOString().slice(0, 10)}.csv`;
