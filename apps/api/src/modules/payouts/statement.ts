import { minorToDecimal, zonedTimestampFormatter, zoneOffsetMs } from '@wattdesk/shared';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locationTimeZone } from '../../db/location-time-zone.ts';
import { ledgerEntries, locations } from '../../db/schema/index.ts';
import type { CsvCell } from '../../lib/csv.ts';

const COLUMNS = ['sessionRevenue', 'refund', 'hostShare', 'resellerShare', 'platformFee', 'transfer', 'unallocated'] as const;
type Column = (typeof COLUMNS)[number];
const ACCOUNTS: Record<Column, string> = {
  sessionRevenue: 'session_revenue',
  refund: 'refund',
  hostShare: 'host_share',
  resellerShare: 'reseller_share',
  platformFee: 'platform_fee',
  transfer: 'transfer',
  unallocated: 'unallocated',
};
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
const zeroes = () => Object.fromEntries(COLUMNS.map((column) => [column, 0])) as Record<Column, number>;
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

/** Revenue is booked as a credit (negative) on its account; the statement shows what it brought, positive. */
const signOf = (column: Column) => (column === 'sessionRevenue' ? -1 : 1);
/** What the grouped entries put on the column's account, as the ledger books it. */
const bookedOn = (column: Column) => sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${ACCOUNTS[column]}), 0)`;
const amountsOf = () =>
  Object.fromEntries(
    COLUMNS.map((column) => [column, sql<number>`${sql.raw(String(signOf(column)))} * ${bookedOn(column)}`.mapWith(Number)]),
  ) as Record<Column, SQL<number>>;

const monthOf = async (db: Database, locationId: string, month: string) => {
  const timeZone = await locationTimeZone(db, locationId);
  const { from, to } = monthBounds(month, timeZone);
  const [location] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  const where = and(eq(ledgerEntries.locationId, locationId), gte(ledgerEntries.occurredAt, from), lt(ledgerEntries.occurredAt, to));
  return { timeZone, where, locationName: location?.name ?? locationId };
};

const totalsOf = (lines: readonly ({ currency: string } & Record<Column, number>)[]) => {
  const totals = new Map<string, Record<Column, number>>();
  for (const line of lines) {
    const total = totals.get(line.currency) ?? zeroes();
    for (const column of COLUMNS) total[column] += line[column];
    totals.set(line.currency, total);
  }
  return totals;
};

/**
 * Room to hash the month's movements in memory: at the default 4 MB a 100,000-movement month was sorted on
 * disk (or walked through the reference index), three times slower on PGlite.
 */
const WORK_MEM = sql.raw(`set local work_mem = '64MB'`);

/** One line per ledger movement of the month: each column is what the movement put on that account. */
export const statementLines = async (db: Database, locationId: string, month: string) => {
  const { timeZone, where, locationName } = await monthOf(db, locationId, month);
  // A movement's entries share their event, reference and currency: grouping by the movement alone lets it hash.
  // Each movement comes back as one text line and the month as one value: reading 100,000 rows of 11 fields
  // cost PGlite ten times what the query did. The reference goes last, so a comma in it splits nothing.
  const movements = db
    .select({
      first: sql<number>`min(${ledgerEntries.seq})`.as('first'),
      line: sql<string>`concat_ws(',', floor(extract(epoch from min(${ledgerEntries.occurredAt})) * 1000)::bigint,
        min(${ledgerEntries.event}::text), min(${ledgerEntries.currency}),
        ${sql.join(
          COLUMNS.map((column) => bookedOn(column)),
          sql`, `,
        )},
        replace(min(${ledgerEntries.reference}), chr(30), ' '))`.as('line'),
    })
    .from(ledgerEntries)
    .where(where)
    .groupBy(ledgerEntries.movementId)
    .as('movement');
  const [result] = await db.transaction(async (tx) => {
    await tx.execute(WORK_MEM);
    return tx.select({ lines: sql<string | null>`string_agg(${movements.line}, chr(30) order by ${movements.first})` }).from(movements);
  });
  const lines: Line[] = (result?.lines ? result.lines.split('\x1e') : []).map((text) => {
    const fields = text.split(',');
    const line = {
      at: new Date(Number(fields[0])),
      event: fields[1]!,
      currency: fields[2]!,
      reference: fields.slice(3 + COLUMNS.length).join(','),
    } as Line;
    COLUMNS.forEach((column, n) => {
      line[column] = Number(fields[3 + n]) * signOf(column) + 0;
    });
    return line;
  });
  return { lines, totals: totalsOf(lines), timeZone, locationName };
};

type Amounts = { currency: string } & Record<Column, number>;
/** One local day of one currency: how many movements and sessions, and what they put on each account. */
export type StatementDay = Amounts & { day: string; entries: number; sessions: number };

/**
 * The month summed per day on the location's clock and currency, by the database, without listing its movements.
 * A movement's entries share one instant, so each movement falls on one day whole; the totals are the days' sums.
 */
export const statementDays = async (db: Database, locationId: string, month: string) => {
  const { timeZone, where, locationName } = await monthOf(db, locationId, month);
  const day = sql<string>`(${ledgerEntries.occurredAt} at time zone ${timeZone})::date::text`;
  const days: StatementDay[] = await db.transaction(async (tx) => {
    await tx.execute(WORK_MEM);
    return (
      tx
        .select({
          day,
          currency: ledgerEntries.currency,
          entries: sql<number>`count(distinct ${ledgerEntries.movementId})`.mapWith(Number),
          // A priced session's movement has exactly one revenue entry (a session of 0 writes no movement): no second distinct sort.
          sessions:
            sql<number>`count(*) filter (where ${ledgerEntries.event} = 'session_priced' and ${ledgerEntries.account} = 'session_revenue')`.mapWith(
              Number,
            ),
          ...amountsOf(),
        })
        .from(ledgerEntries)
        .where(where)
        // By position: the zone is a bound parameter, and the same expression written twice would not match.
        .groupBy(sql`1`, sql`2`)
        .orderBy(sql`1`, sql`2`)
    );
  });
  return { days, totals: totalsOf(days), entries: days.reduce((sum, d) => sum + d.entries, 0), timeZone, locationName };
};

export type Statement = Awaited<ReturnType<typeof statementLines>>;
export type StatementSummary = Awaited<ReturnType<typeof statementDays>>;

/**
 * Above this many lines the PDF shows one line per local day instead of one per movement (decision 061):
 * 500 lines are about 12 pages, what a person still reads; 100,000 would be 2,400 pages nobody reads.
 */
export const PDF_LINE_LIMIT = 500;
const CSV_PAGE_LINES = 2_000;

/** The CSV rows page by page (header, every line, totals), so a 100,000-line month is sent as it is written. */
export async function* statementCsv(statement: Statement): AsyncGenerator<CsvCell[][]> {
  // Numbers, not text: a spreadsheet sums them, and a negative amount is not mistaken for a formula.
  const money = (line: Amounts) => COLUMNS.map((column) => Number(minorToDecimal(line[column], line.currency)));
  const format = zonedTimestampFormatter(statement.timeZone);
  yield [[`Date (${statement.timeZone})`, 'Entry', 'Reference', 'Currency', ...COLUMNS.map((column) => LABELS[column])]];
  for (let start = 0; start < statement.lines.length; start += CSV_PAGE_LINES)
    yield statement.lines
      .slice(start, start + CSV_PAGE_LINES)
      .map((line) => [format(line.at), EVENT_LABELS[line.event] ?? line.event, line.reference, line.currency, ...money(line)]);
  yield [...statement.totals].map(([currency, total]) => ['Total', '', '', currency, ...money({ currency, ...total })]);
}

/**
 * The same totals as the CSV: with the month's lines (PDF_LINE_LIMIT at most) it lists them all; with its days,
 * one line per local day and a sentence sending the reader to the CSV for every movement. pdf-lib is imported by
 * the first PDF (decision 060).
 */
export const statementPdf = async (statement: Statement | StatementSummary, month: string, generatedAt: Date): Promise<Uint8Array> => {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Payout statement ${month}`);
  doc.setCreator('Wattdesk');
  doc.setCreationDate(generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const daily = 'days' in statement;
  const widths = daily ? [70, 50, 50, 34, 64, 64, 64, 64, 64, 64, 64] : [110, 100, 34, 64, 56, 56, 56, 56, 56, 56];
  const firstAmount = daily ? 1 : 3;
  const ascii = (text: string) => text.replace(/[^\x20-\x7e]/g, '?');
  let page = doc.addPage([792, 612]);
  let y = 560;
  const row = (cells: string[], useBold = false) => {
    if (y < 40) {
      page = doc.addPage([792, 612]);
      y = 570;
    }
    let x = 30;
    cells.forEach((cell, n) => {
      const text = ascii(cell).slice(0, n === 1 && !daily ? 28 : 40);
      const right = n >= firstAmount;
      const size = 8;
      const width = (useBold ? bold : font).widthOfTextAtSize(text, size);
      page.drawText(text, { x: right ? x + widths[n]! - width - 4 : x, y, size, font: useBold ? bold : font });
      x += widths[n]!;
    });
    y -= 12;
  };
  page.drawText(ascii(`Payout statement ${month}: ${statement.locationName}`), { x: 30, y: 580, size: 13, font: bold });
  const money = (line: Amounts) => COLUMNS.map((column) => minorToDecimal(line[column], line.currency));
  const labels = COLUMNS.map((column) => LABELS[column]);
  if ('days' in statement) {
    const count = statement.entries.toLocaleString('en-US');
    page.drawText(ascii(`${count} entries this month: one line per day below. The CSV statement of the month lists every entry.`), {
      x: 30,
      y: 564,
      size: 9,
      font,
    });
    y = 544;
    row([`Day (${statement.timeZone})`.slice(0, 18), 'Entries', 'Sessions', 'Cur.', ...labels], true);
    for (const day of statement.days) row([day.day, String(day.entries), String(day.sessions), day.currency, ...money(day)]);
    for (const [currency, total] of statement.totals) row(['Total', '', '', currency, ...money({ currency, ...total })], true);
  } else {
    const format = zonedTimestampFormatter(statement.timeZone);
    row([`Date (${statement.timeZone})`, 'Entry', 'Cur.', ...labels], true);
    for (const line of statement.lines) row([format(line.at).slice(0, 16), EVENT_LABELS[line.event] ?? line.event, line.currency, ...money(line)]);
    for (const [currency, total] of statement.totals) row(['Total', '', currency, ...money({ currency, ...total })], true);
  }
  return doc.save();
};
