import { minorToNumber, zonedTimestampFormatter } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { rowsOf } from '../db/sql-helpers.ts';
import { createTestDatabase } from '../../test/test-app.ts';
import { currencyDigits, csvCellSql, csvDecimalSql, csvMinorSql, csvWallStampSql } from './csv-sql.ts';
import { csvCell } from './csv.ts';

/** What a host may type into a name or a charger may send as an id tag, including what a spreadsheet would run. */
const TEXTS = [
  'Bay 1',
  '',
  '=HYPERLINK("http://evil")',
  '+1 555',
  '-5',
  '@SUM(A1)',
  '\tTabbed',
  '\rReturn',
  'a;=1+1',
  'a, b',
  'a,  -2',
  'a|\u00a0@x',
  'a;\u3000+x',
  'quote " inside',
  'line\nbreak',
  'semi;colon',
  'naïve café 東京',
  '"=already quoted"',
];

describe('CSV cells written by the database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const one = async <T>(expression: ReturnType<typeof sql>) =>
    rowsOf<{ value: T }>(await database.db.execute(sql`select ${expression} as value`))[0]!.value;

  it('writes every text as csvCell does: formulas neutralised, quotes and separators quoted, null empty', async () => {
    for (const text of TEXTS) expect(await one<string>(csvCellSql(sql`${text}::text`)), JSON.stringify(text)).toBe(csvCell(text));
    expect(await one<string>(csvCellSql(sql`null::text`))).toBe('');
  });

  it('writes any text as csvCell does, made of what a spreadsheet or RFC 4180 treats apart', async () => {
    // Formula characters, separators, quotes, line breaks and the spaces JavaScript's \s knows, among plain letters.
    const piece = fc.constantFrom(...'=+-@\t\r\n,;|"\' \u00a0\u2028\u3000\ufeffaZ1é');
    await fc.assert(
      // Not a leading U+FEFF: PGlite's driver drops it from any text it reads back (TextDecoder takes it for a byte-order mark).
      fc.asyncProperty(
        fc.array(piece, { maxLength: 12 }).filter((pieces) => pieces[0] !== '\ufeff'),
        async (pieces) => {
          const text = pieces.join('');
          expect(await one<string>(csvCellSql(sql`${text}::text`)), JSON.stringify(text)).toBe(csvCell(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('rounds numbers as the reports do, half up, without trailing zeros', async () => {
    const cases: [string, number, string][] = [
      ['12.5', 2, '12.5'],
      ['12', 2, '12'],
      ['0', 2, '0'],
      ['1.005', 2, '1.01'],
      ['1234567.891', 3, '1234567.891'],
      ['0.0004', 3, '0'],
      ['-0.05', 2, '-0.05'],
      ['100.5', 0, '101'],
    ];
    for (const [value, digits, written] of cases)
      expect(await one<string>(csvDecimalSql(sql`${value}::numeric`, digits)), `${value} to ${digits}`).toBe(written);
    expect(await one<string>(csvDecimalSql(sql`null::numeric`, 2))).toBe('');
  });

  it('writes instants as zonedTimestampFormatter does, across summer-time changes and in half-hour zones', async () => {
    const zones = ['UTC', 'America/Los_Angeles', 'Europe/Berlin', 'Asia/Kolkata', 'America/St_Johns', 'Australia/Adelaide', 'Pacific/Chatham'];
    // Around the 2026 changes of the northern and southern zones, and an instant with milliseconds.
    const instants = [
      '2026-03-08T09:59:59.999Z',
      '2026-03-08T10:00:00Z',
      '2026-03-29T00:59:59Z',
      '2026-03-29T01:00:00.5Z',
      '2026-04-04T16:30:00Z',
      '2026-11-01T08:59:59Z',
      '2026-11-01T09:00:00Z',
      '2026-09-27T12:00:00Z',
    ];
    for (const zone of zones) {
      const format = zonedTimestampFormatter(zone);
      for (const instant of instants) {
        const at = sql`${instant}::timestamptz`;
        expect(await one<string>(csvWallStampSql(sql`${at} at time zone ${zone}::text`, at)), `${instant} in ${zone}`).toBe(
          format(new Date(instant)),
        );
      }
    }
    expect(await one<string>(csvWallStampSql(sql`null::timestamp`, sql`null::timestamptz`))).toBe('');
  });

  it('writes money in its currency unit as minorToNumber does', async () => {
    const amounts: [number, string][] = [
      [1250, 'USD'],
      [1200, 'EUR'],
      [-500, 'JPY'],
      [1234, 'KWD'],
      [0, 'USD'],
      [-5, 'GBP'],
      [123456789, 'CLF'],
    ];
    for (const [minor, currency] of amounts)
      expect(await one<string>(csvMinorSql(sql`${minor}::bigint`, sql`${currency}::text`, currencyDigits(['CLF']))), `${minor} ${currency}`).toBe(
        String(minorToNumber(minor, currency)),
      );
    expect(await one<string>(csvMinorSql(sql`null::bigint`, sql`'USD'::text`, {}))).toBe('');
    expect(await one<string>(csvMinorSql(sql`5::bigint`, sql`null::text`, {}))).toBe('');
  });
});
