import { formatZonedTimestamp, minorToDecimal, zoneOffsetMs } from '@wattdesk/shared';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locationTimeZone } from '../../db/location-time-zone.ts';
import { ledgerEntries, locations } from '../../db/schema/index.ts';
import type { CsvCell } from '../../lib/csv.ts';

const COLUMNS = ['sessionRevenue', 'refund', 'hostShare', 'resellerShare', 'platformFee', 'transfer', 'unallocated'] as const;
type Column = (typeof COLUMNS)[number];
const LABELS: Record<Column, string> = {
  sessionRevenue: 'Session revenue',
  refund: 'Refunds',
  hostShare: 'Host share',
  resellerShare: 'Reseller share',
  platformFee: 'Platform fee',
  transfer: 'Transfers',
  unallocated: 'Unallocated',
};
const EVENT_LABELS: Record<string, string> = {
  session_priced: 'Session',
  share_allocated: 'Share applied',
  transfer_started: 'Transfer',
  transfer_failed: 'Transfer failed (returned)',
  monthly_fee: 'Monthly deal fee',
  refund: 'Refund',
  transfer_reversed: 'Transfer reversed (returned)',
};
type Line = { at: Date; event: string; reference: string; currency: string } & Record<Column, number>;

/** The first instant of a month on the location's clock, and of the next month. */
const monthBounds = (month: string, timeZone: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const at = (y: number, m: number) => {
    const naive = Date.UTC(y, m - 1, 1);
    return new Date(naive - zoneOffsetMs(naive - zoneOffsetMs(naive, timeZone), timeZone));
  };
  return { from: at(year, index), to: index === 12 ? at(year + 1, 1) : at(year, index + 1) };
};

/** One line per ledger movement of the month: each column is what the movement put on that account. */
export const statementLines = async (db: Database, locationId: string, month: string) => {
  const timeZone = await locationTimeZone(db, locationId);
  const { from, to } = monthBounds(month, timeZone);
  const sumOf = (account: string, sign = 1) =>
    sql<number>`${sql.raw(String(sign))} * coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${account}), 0)`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      at: sql<Date>`min(${ledgerEntries.occurredAt})`.mapWith((value: string | Date) => new Date(value)),
      event: ledgerEntries.event,
      reference: ledgerEntries.reference,
      currency: ledgerEntries.currency,
      sessionRevenue: sumOf('session_revenue', -1),
      refund: sumOf('refund'),
      hostShare: sumOf('host_share'),
      resellerShare: sumOf('reseller_share'),
      platformFee: sumOf('platform_fee'),
      transfer: sumOf('transfer'),
      unallocated: sumOf('unallocated'),
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.locationId, locationId), gte(ledgerEntries.occurredAt, from), lt(ledgerEntries.occurredAt, to)))
    .groupBy(ledgerEntries.movementId, ledgerEntries.event, ledgerEntries.reference, ledgerEntries.currency)
    .orderBy(asc(sql`min(${ledgerEntries.seq})`));
  const lines: Line[] = rows;
  const totals = new Map<string, Record<Column, number>>();
  for (const line of lines) {
    const total = totals.get(line.currency) ?? (Object.fromEntries(COLUMNS.map((column) => [column, 0])) as Record<Column, number>);
    for (const column of COLUMNS) total[column] += line[column];
    totals.set(line.currency, total);
  }
  const [location] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  return { lines, totals, timeZone, locationName: location?.name ?? locationId };
};

export type Statement = Awaited<ReturnType<typeof statementLines>>;

export const statementCsv = (statement: Statement): CsvCell[][] => {
  // Numbers, not text: a spreadsheet sums them, and a negative amount is not mistaken for a formula.
  const money = (line: { currency: string } & Record<Column, number>) => COLUMNS.map((column) => Number(minorToDecimal(line[column], line.currency)));
  return [
    [`Date (${statement.timeZone})`, 'Entry', 'Reference', 'Currency', ...COLUMNS.map((column) => LABELS[column])],
    ...statement.lines.map((line) => [
      formatZonedTimestamp(line.at, statement.timeZone),
      EVENT_LABELS[line.event] ?? line.event,
      line.reference,
      line.currency,
      ...money(line),
    ]),
    ...[...statement.totals].map(([currency, total]) => ['Total', '', '', currency, ...money({ currency, ...total })]),
  ];
};

/** The same lines and totals as the CSV, on as many pages as they need (pdf-lib imported by the first one). */
export const statementPdf = async (statement: Statement, month: string, generatedAt: Date): Promise<Uint8Array> => {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Payout statement ${month}`);
  doc.setCreator('Wattdesk');
  doc.setCreationDate(generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const widths = [110, 100, 34, 64, 56, 56, 56, 56, 56, 56];
  let page = doc.addPage([792, 612]);
  let y = 560;
  const row = (cells: string[], useBold = false) => {
    if (y < 40) {
      page = doc.addPage([792, 612]);
      y = 570;
    }
    let x = 30;
    cells.forEach((cell, n) => {
      const text = cell.replace(/[^\x20-\x7e]/g, '?').slice(0, n === 1 ? 28 : 40);
      const right = n >= 3;
      const size = 8;
      const width = (useBold ? bold : font).widthOfTextAtSize(text, size);
      page.drawText(text, { x: right ? x + widths[n]! - width - 4 : x, y, size, font: useBold ? bold : font });
      x += widths[n]!;
    });
    y -= 12;
  };
  page.drawText(`Payout statement ${month}: ${statement.locationName}`.replace(/[^\x20-\x7e]/g, '?'), { x: 30, y: 580, size: 13, font: bold });
  row([`Date (${statement.timeZone})`, 'Entry', 'Cur.', ...COLUMNS.map((column) => LABELS[column])], true);
  const money = (line: { currency: string } & Record<Column, number>) => COLUMNS.map((column) => minorToDecimal(line[column], line.currency));
  for (const line of statement.lines)
    row([formatZonedTimestamp(line.at, statement.timeZone).slice(0, 16), EVENT_LABELS[line.event] ?? line.event, line.currency, ...money(line)]);
  for (const [currency, total] of statement.totals) row(['Total', '', currency, ...money({ currency, ...total })], true);
  return doc.save();
};
