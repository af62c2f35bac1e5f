import { zoneOffsetMs } from '@wattdesk/shared';
import { parse } from 'csv-parse/sync';

export type IntervalRow = { meter: string; startAt: Date; kwh: number };
export type IntervalParse = { rows: IntervalRow[]; problems: string[] };

/** A wall-clock time in the zone → the instant (twice, so a time next to a DST change lands right). */
const fromWall = (wallMs: number, timeZone: string) => {
  const first = wallMs - zoneOffsetMs(wallMs, timeZone);
  return new Date(wallMs - zoneOffsetMs(first, timeZone));
};

const parseLocal = (date: string, time: string, timeZone: string): Date | null => {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim()) ?? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(date.trim());
  const t = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
  if (!d || !t) return null;
  const [year, month, day] = d[0].includes('/') ? [Number(d[3]), Number(d[1]), Number(d[2])] : [Number(d[1]), Number(d[2]), Number(d[3])];
  return fromWall(Date.UTC(year, month - 1, day, Number(t[1]), Number(t[2])), timeZone);
};

/**
 * 15-minute interval data in the layout US utilities export for Green Button "Download My Data": a few lines
 * about the account, then `TYPE,DATE,START TIME,END TIME,USAGE (kWh),…` rows with the location's wall-clock
 * times. A `METER` column is used when present; otherwise every row belongs to the meter chosen on import.
 * An ISO `START` column (with offset) is accepted too. Rows must start on a quarter hour.
 */
export const parseIntervalCsv = (text: string, timeZone: string, defaultMeter: string): IntervalParse => {
  const records: string[][] = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true, bom: true });
  const headerIndex = records.findIndex((row) => row.some((cell) => /^start( time)?$/i.test(cell)) && row.some((cell) => /usage|kwh/i.test(cell)));
  if (headerIndex < 0) return { rows: [], problems: ['No header row with START TIME (or START) and USAGE (kWh) columns was found'] };
  const header = records[headerIndex]!.map((cell) => cell.toLowerCase());
  const col = (test: RegExp) => header.findIndex((cell) => test.test(cell));
  const [dateCol, startCol, usageCol, meterCol] = [col(/^date$/), col(/^start( time)?$/), col(/usage|kwh/), col(/^meter/)];
  const rows: IntervalRow[] = [];
  const problems: string[] = [];
  for (const [offset, record] of records.slice(headerIndex + 1).entries()) {
    const line = headerIndex + offset + 2;
    const start = record[startCol] ?? '';
    const startAt = dateCol >= 0 ? parseLocal(record[dateCol] ?? '', start, timeZone) : /\d{4}-\d{2}-\d{2}T/.test(start) ? new Date(start) : null;
    const kwh = Number((record[usageCol] ?? '').replace(/,/g, ''));
    if (!startAt || Number.isNaN(startAt.getTime())) problems.push(`Line ${line}: the start time is not a date and time`);
    else if (startAt.getTime() % 900_000 !== 0) problems.push(`Line ${line}: intervals start on a quarter hour`);
    else if (!Number.isFinite(kwh) || kwh < 0) problems.push(`Line ${line}: usage must be a number of zero or more`);
    else rows.push({ meter: (meterCol >= 0 ? record[meterCol] : undefined) || defaultMeter, startAt, kwh });
    if (problems.length >= 20) break;
  }
  if (!rows.length && !problems.length) problems.push('The file has no interval rows');
  return { rows, problems };
};
