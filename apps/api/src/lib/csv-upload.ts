import { parse } from 'csv-parse';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** How much of an upload is parsed between two turns of the event loop (a few milliseconds of work). */
const SLICE_BYTES = 16 * 1024;

export type CsvRecords = { records: Record<string, string>[] } | { fileError: string };

/**
 * A cell as we stored it, from a file we exported: csvCell puts an apostrophe before a leading formula character
 * (a phone number `+1 415…` is written `'+1 415…`), which a file read back must not keep.
 */
export const unguardedCell = (cell: string): string => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

/**
 * Reads an uploaded CSV into records keyed by its (trimmed) header, each name as `columnOf` reads it, a slice at a time with a turn of the
 * event loop between slices: parsing a 2 MB file in one go held every other request (and /healthz) for
 * seconds. Parsing stops as soon as the file has more records than `maxRecords`, so an oversized file
 * costs no more than an allowed one; the caller reports that from the count.
 */
export const readCsvRecords = async (file: Buffer, maxRecords: number, columnOf: (name: string) => string = (name) => name): Promise<CsvRecords> => {
  const records: Record<string, string>[] = [];
  let failure: Error | undefined;
  const parser = parse({
    columns: (header: string[]) => header.map((name) => columnOf(name.trim())),
    skip_empty_lines: true,
    trim: true,
    bom: true,
  });
  parser.on('readable', () => {
    for (let record = parser.read() as Record<string, string> | null; record !== null; record = parser.read() as Record<string, string> | null)
      records.push(record);
  });
  parser.on('error', (error: Error) => {
    failure ??= error;
  });
  const ended = new Promise<void>((resolve) => {
    parser.on('end', resolve);
    parser.on('error', () => resolve());
  });

  for (let offset = 0; offset < file.length && !failure && records.length <= maxRecords; offset += SLICE_BYTES) {
    parser.write(file.subarray(offset, offset + SLICE_BYTES));
    await yieldToEventLoop();
  }
  if (records.length > maxRecords) {
    parser.destroy();
    return { records: records.slice(0, maxRecords + 1) };
  }
  if (!failure) {
    parser.end();
    await ended;
  }
  return failure ? { fileError: `The file is not valid CSV: ${failure.message}` } : { records };
};

/** Row checks (a zod parse each) also take a turn of the event loop every so many rows: 1,000 rows cost tens of ms. */
export const forEachRow = async <T>(rows: readonly T[], check: (row: T, index: number) => void, rowsPerTurn = 100) => {
  for (let index = 0; index < rows.length; index++) {
    if (index > 0 && index % rowsPerTurn === 0) await yieldToEventLoop();
    check(rows[index]!, index);
  }
};
