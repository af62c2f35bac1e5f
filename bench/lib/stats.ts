/** An ascending copy of the values, as `percentile` expects. */
export const ascending = (values: Iterable<number> = []) => Float64Array.from(values).sort();

/** Nearest-rank percentile of ascending values; 0 when there are none. */
export const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : 0;

/** A count with thousands separators (5,000). */
export const count = (value: number) => value.toLocaleString('en-US');

/**
 * Prints rows under a header, each column right-aligned to its widest cell except the last (a verdict or a
 * note), two spaces between columns.
 */
export const printTable = (header: string[], rows: string[][]) => {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (cells: string[]) =>
    `  ${cells.map((cell, column) => (column === cells.length - 1 ? cell : cell.padStart(widths[column]!))).join('  ')}`;
  console.log(format(header));
  for (const row of rows) console.log(format(row));
};
