import { minorToNumber, zonedTimestampFormatter, zoneOffsetMs, type Locale } from '@wattdesk/shared';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { locationTimeZone } from '../../db/location-time-zone.ts';
import { ledgerEntries, locations } from '../../db/schema/index.ts';
import { CHUNK_CHARS, csvCell, csvLine } from '../../lib/csv.ts';
import { csvHeader } from '../../lib/i18n/csv-headers.ts';
import { eventLabel } from './statement-text.ts';

/**
 * New columns go last (decisions 076, 903): readers of the earlier columns keep their positions. Since decision 082
 * "Session revenue" is what drivers paid (collected); what they owe is "Receivable" until their payment succeeds.
 */
export const COLUMNS = [
  'sessionRevenue',
  'refund',
  'hostShare',
  'resellerShare',
  'platformFee',
  'transfer',
  'unallocated',
  'roamingReceivable',
  'sessionReceivable',
  'hostShareHeld',
  'providerFee',
] as const;
export type Column = (typeof COLUMNS)[number];
const ACCOUNTS: Record<Column, string> = {
  sessionRevenue: 'session_revenue',
  roamingReceivable: 'roaming_receivable',
  refund: 'refund',
  hostShare: 'host_share',
  resellerShare: 'reseller_share',
  platformFee: 'platform_fee',
  transfer: 'transfer',
  unallocated: 'unallocated',
  sessionReceivable: 'session_receivable',
  hostShareHeld: 'host_share_uncollected',
  providerFee: 'provider_fee',
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
const signOf = (column: Column) => (column === 'sessionRevenue' || column === 'roamingReceivable' || column === 'sessionReceivable' ? -1 : 1);
const SIGNS = COLUMNS.map(signOf);
/** What the grouped entries put on the column's account, as the ledger books it. */
const bookedOn = (column: Column) => sql`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.account} = ${ACCOUNTS[column]}), 0)`;
/** The location's entries from `from` (included) to `to` (left out). */
const within = (locationId: string, from: Date, to: Date) =>
  and(eq(ledgerEntries.locationId, locationId), gte(ledgerEntries.occurredAt, from), lt(ledgerEntries.occurredAt, to));

const monthOf = async (db: Database, locationId: string, month: string) => {
  const timeZone = await locationTimeZone(db, locationId);
  const { from, to } = monthBounds(month, timeZone);
  const [location] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  return { timeZone, where: within(locationId, from, to), from, to, locationName: location?.name ?? locationId };
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

/**
 * The movements of a stretch of time as one text, in time order (ledger order within one instant), a line per
 * movement and chr(30) between lines: `epoch ms,event,currency,one amount per column as booked,reference`. A movement's entries
 * share their instant, event, reference and currency: grouping by the movement alone lets it hash. Each movement
 * comes back as one text line and the stretch as one value: reading 100,000 rows of 11 fields cost PGlite ten times
 * what the query did. The reference goes last, so a comma in it splits nothing.
 */
const movementsText = async (db: Database, where: SQL | undefined): Promise<string> => {
  const movements = db
    .select({
      at: sql<Date>`min(${ledgerEntries.occurredAt})`.as('at'),
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
    return tx
      .select({ lines: sql<string | null>`string_agg(${movements.line}, chr(30) order by ${movements.at}, ${movements.first})` })
      .from(movements);
  });
  return result?.lines ?? '';
};
const LINE_SEPARATOR = '\x1e';
/** The reference is the last field, and the only one that may hold a comma. */
const referenceOf = (fields: readonly string[]) =>
  fields.length === 4 + COLUMNS.length ? fields[3 + COLUMNS.length]! : fields.slice(3 + COLUMNS.length).join(',');
/** What a column shows of what was booked on its account: revenue positive, and never -0. */
const shown = (booked: string, n: number) => Number(booked) * SIGNS[n]! + 0;

/** One line per ledger movement of the month: each column is what the movement put on that account. */
export const statementLines = async (db: Database, locationId: string, month: string) => {
  const { timeZone, where, locationName } = await monthOf(db, locationId, month);
  const text = await movementsText(db, where);
  const lines: Line[] = (text ? text.split(LINE_SEPARATOR) : []).map((movement) => {
    const fields = movement.split(',');
    const line = { at: new Date(Number(fields[0])), event: fields[1]!, currency: fields[2]!, reference: referenceOf(fields) } as Line;
    COLUMNS.forEach((column, n) => {
      line[column] = shown(fields[3 + n]!, n);
    });
    return line;
  });
  return { lines, totals: totalsOf(lines), timeZone, locationName };
};

export type Amounts = { currency: string } & Record<Column, number>;
/** One local day of one currency: how many movements and sessions, and what they put on each account. */
export type StatementDay = Amounts & { day: string; entries: number; sessions: number };

/**
 * The month summed per day on the location's clock and currency, by the database, without listing its movements.
 * A movement's entries share one instant, so each movement falls on one day whole; the totals are the days' sums.
 * The entries are summed per movement first (hashed on the movement id), then the movements per day: counting
 * distinct movements per day sorted the month's entries, and took the day of each entry (a time-zone conversion)
 * instead of each movement's.
 */
export const statementDays = async (db: Database, locationId: string, month: string) => {
  const { timeZone, where, locationName } = await monthOf(db, locationId, month);
  const movements = db
    .select({
      at: sql<Date>`min(${ledgerEntries.occurredAt})`.as('at'),
      currency: sql<string>`min(${ledgerEntries.currency})`.as('currency'),
      // A priced session's movement has exactly one revenue entry (a session of 0 writes no movement).
      session:
        sql<number>`count(*) filter (where ${ledgerEntries.event} = 'session_priced' and ${ledgerEntries.account} in ('session_revenue', 'session_receivable', 'roaming_receivable'))`.as(
          'session',
        ),
      ...(Object.fromEntries(COLUMNS.map((column) => [column, bookedOn(column).as(column)])) as Record<Column, SQL.Aliased<number>>),
    })
    .from(ledgerEntries)
    .where(where)
    .groupBy(ledgerEntries.movementId)
    .as('movement');
  const days: StatementDay[] = await db.transaction(async (tx) => {
    await tx.execute(WORK_MEM);
    return (
      tx
        .select({
          day: sql<string>`(${movements.at} at time zone ${timeZone})::date::text`,
          currency: movements.currency,
          entries: sql<number>`count(*)`.mapWith(Number),
          sessions: sql<number>`sum(${movements.session})`.mapWith(Number),
          ...(Object.fromEntries(
            COLUMNS.map((column) => [column, sql<number>`${sql.raw(String(signOf(column)))} * sum(${movements[column]})`.mapWith(Number)]),
          ) as Record<Column, SQL<number>>),
        })
        .from(movements)
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

/**
 * The month is read in this many stretches of equal time, one after another: the CSV writes one while the database
 * reads the next (the PGlite thread or the PostgreSQL server works beside the API's thread), and each is a smaller
 * hash and sort than the whole month's.
 */
const CSV_STRETCHES = 8;

/** The month's movements stretch after stretch; the next one is asked for before this one is handed out. */
async function* movementStretches(db: Database, locationId: string, from: Date, to: Date): AsyncGenerator<string> {
  const bound = (n: number) => new Date(from.getTime() + Math.round(((to.getTime() - from.getTime()) * n) / CSV_STRETCHES));
  const read = (n: number) => movementsText(db, within(locationId, bound(n), bound(n + 1)));
  let pending: Promise<string> | null = read(0);
  for (let n = 0; pending; n += 1) {
    const text: string = await pending;
    pending = n + 1 < CSV_STRETCHES ? read(n + 1) : null;
    // A stretch asked for and never awaited (the download stopped) must not become an unhandled rejection.
    pending?.catch(() => undefined);
    yield text;
  }
}

/**
 * The CSV statement as text pieces of about CHUNK_CHARS (header, every movement in time order, totals), written
 * straight from the database's lines: no Date, cell array or decimal text per line. The first stretch is read
 * before the first byte, so a failing query answers an error rather than a cut download. The totals are the sums
 * of the lines written.
 */
export const statementCsv = async (db: Database, locationId: string, month: string, locale: Locale = 'en'): Promise<AsyncIterable<string>> => {
  const { timeZone, from, to } = await monthOf(db, locationId, month);
  const stretches = movementStretches(db, locationId, from, to);
  const first = await stretches.next();
  return csvPieces(first, stretches, timeZone, locale);
};

async function* csvPieces(first: IteratorResult<string>, rest: AsyncIterator<string>, timeZone: string, locale: Locale): AsyncGenerator<string> {
  const stamp = zonedTimestampFormatter(timeZone);
  const totals = new Map<string, number[]>();
  const labels = new Map<string, string>();
  // Numbers, not text: a spreadsheet sums them, and a negative amount is not mistaken for a formula (csvCell leaves numbers alone).
  const money = (minors: readonly number[], currency: string) => minors.map((minor) => minorToNumber(minor, currency));
  const [totalLabel, ...header] = csvHeader(
    locale,
    [
      'statement.total',
      'statement.date',
      'statement.entry',
      'statement.reference',
      'statement.currency',
      ...COLUMNS.map((column) => `statement.${column}` as const),
    ],
    { zone: timeZone },
  );
  let piece = csvLine(header);
  try {
    for (let stretch = first; !stretch.done; stretch = await rest.next()) {
      const text = stretch.value;
      for (let start = 0; start < text.length;) {
        let end = text.indexOf(LINE_SEPARATOR, start);
        if (end === -1) end = text.length;
        const fields = text.slice(start, end).split(',');
        start = end + 1;
        const event = fields[1]!;
        const currency = fields[2]!;
        let label = labels.get(event);
        if (label === undefined) labels.set(event, (label = csvCell(eventLabel(locale, event))));
        let total = totals.get(currency);
        if (!total) totals.set(currency, (total = COLUMNS.map(() => 0)));
        let line = `${stamp(Number(fields[0]))},${label},${csvCell(referenceOf(fields))},${csvCell(currency)}`;
        for (let n = 0; n < COLUMNS.length; n += 1) {
          const minor = shown(fields[3 + n]!, n);
          total[n]! += minor;
          line += `,${minorToNumber(minor, currency)}`;
        }
        piece += `${line}\r\n`;
        if (piece.length >= CHUNK_CHARS) {
          yield piece;
          piece = '';
          // Lets the database's answers in: the next stretch's transaction takes several of them, and a stretch
          // written in one run of promises would hold them all until it is done.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
    }
  } finally {
    // A download that stopped leaves the next stretch unread.
    await rest.return?.();
  }
  for (const [currency, total] of totals) piece += csvLine([totalLabel, '', '', currency, ...money(total, currency)]);
  yield piece;
}
