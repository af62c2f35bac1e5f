import type { FastifyReply } from 'fastify';
import { PassThrough } from 'node:stream';
import type { CsvCell } from './csv.ts';

/** Text a spreadsheet would read as a formula gets a leading apostrophe, as in CSV (lib/csv.ts). */
const neutralised = (value: CsvCell): string | number | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
};

/** Resolves when the stream takes writes again, or when it was closed (the download cancelled). */
const room = (stream: PassThrough) =>
  new Promise<void>((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });

/**
 * Sends an XLSX download written row by row with exceljs's streaming writer: each row is committed to the
 * zip stream as it comes, so a large report never sits in memory whole. exceljs is imported by the first
 * export: it weighs several MiB of an idle server's memory.
 */
export const sendXlsx = (
  reply: FastifyReply,
  filename: string,
  sheetName: string,
  header: readonly string[],
  pages: AsyncIterable<readonly (readonly CsvCell[])[]>,
): void => {
  const stream = new PassThrough();
  const write = async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
    const head = sheet.addRow([...header]);
    head.font = { bold: true };
    head.commit();
    for await (const rows of pages) {
      for (const row of rows) sheet.addRow(row.map(neutralised)).commit();
      // The writer never waits for the download: without this a slow client left the whole file in the stream.
      if (stream.writableNeedDrain) await room(stream);
      if (stream.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  void reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(stream);
};
