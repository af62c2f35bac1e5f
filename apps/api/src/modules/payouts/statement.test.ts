import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

const MONTH = '2026-10';
const ZONE = 'America/Los_Angeles';
const SESSIONS = 640;
const FEES = 9;

/** The text a reader sees, as rows of cells top to bottom (pdf-lib writes each cell as one hex string at its place). */
const pdfRows = async (bytes: Uint8Array) => {
  const doc = await PDFDocument.load(bytes);
  const rows: string[][] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const cells: { x: number; y: number; text: string }[] = [];
    for (const stream of streams) {
      const text = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
      for (const [, x, y, hex] of text.matchAll(/1 0 0 1 ([\d.-]+) ([\d.-]+) Tm\s+<([0-9A-F]*)> Tj/g))
        cells.push({ x: Number(x), y: Number(y), text: Buffer.from(hex!, 'hex').toString('latin1') });
    }
    const byY = new Map<number, typeof cells>();
    for (const cell of cells) byY.set(cell.y, [...(byY.get(cell.y) ?? []), cell]);
    for (const y of [...byY.keys()].sort((a, b) => b - a))
      rows.push(
        byY
          .get(y)!
          .sort((a, b) => a.x - b.x)
          .map((cell) => cell.text),
      );
  }
  return { pages: doc.getPageCount(), rows };
};

// The PDF writes thousands separators; the CSV writes plain numbers.
const cents = (text: string) => Math.round(Number(text.replaceAll(',', '')) * 100);

describe('payout statement: every movement in the CSV, a daily summary in the PDF of a busy month', () => {
  let t: TestApp;
  let token: string;
  let busy: string;
  let quiet: string;

  const statement = (locationId: string, format: 'csv' | 'pdf') =>
    t.app.inject(authed(token, { method: 'GET', url: `/web/payments/payouts/statement?locationId=${locationId}&month=${MONTH}&format=${format}` }));

  /** Session movements as the ledger writes them (revenue out, shares in, each movement sums to 0), at the given instants. */
  const priceSessions = (locationId: string, count: number, first: string, step: string) =>
    t.database.db.execute(sql`
      with m as materialized (
        select gen_random_uuid() as movement_id, gen_random_uuid() as session_id, 301 + (s * 37) % 4003 as total,
               ${first}::timestamptz + s * ${step}::interval as occurred_at
        from generate_series(0, ${count - 1}) as s)
      insert into ledger_entries (movement_id, location_id, account, amount_minor, currency, event, reference, session_id, occurred_at)
      select m.movement_id, ${locationId}, a.account,
             case a.account when 'session_revenue' then -m.total when 'host_share' then m.total * 7 / 10
                            when 'reseller_share' then m.total / 10 else m.total - m.total * 7 / 10 - m.total / 10 end,
             'USD', 'session_priced', m.session_id::text, m.session_id, m.occurred_at
      from m cross join (values ('session_revenue'), ('host_share'), ('reseller_share'), ('platform_fee')) as a(account)`);

  beforeAll(async () => {
    t = await createTestApp();
    token = (await loginAs(t.app, 'SuperAdmin')).access_token;
    const place = async (name: string) =>
      rowsOf<{ id: string }>(
        await t.database.db.execute(sql`
          insert into locations (name, address_line1, city, zip_code, state, lng, lat, access_code, time_zone)
          values (${name}, '1 Ledger Street', 'Oakland', '94612', 'CA', -122.27, 37.8, ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}, ${ZONE})
          returning id`),
      )[0]!.id;
    busy = await place('Statement Busy Site');
    quiet = await place('Statement Quiet Site');
    // Every 67 minutes from the first instant of October in Los Angeles: days start at 07:00 UTC, so lines fall on both sides of local midnights.
    await priceSessions(busy, SESSIONS, '2026-10-01 07:00:00+00', '67 minutes');
    // Just outside the month on the location's clock (30 September and 1 November there), so left out.
    await priceSessions(busy, 1, '2026-10-01 06:59:59+00', '1 second');
    await priceSessions(busy, 1, '2026-11-01 07:00:00+00', '1 second');
    // Movements that are not sessions: entries and sessions differ on those days.
    await t.database.db.execute(sql`
      with m as materialized (
        select gen_random_uuid() as movement_id, 17 + s * 3 as fee, timestamptz '2026-10-03 18:00:00+00' + s * interval '3 days' as occurred_at
        from generate_series(1, ${FEES}) as s)
      insert into ledger_entries (movement_id, location_id, account, amount_minor, currency, event, reference, occurred_at)
      select m.movement_id, ${busy}, a.account, case a.account when 'host_share' then -m.fee else m.fee end,
             'USD', 'monthly_fee', m.movement_id::text, m.occurred_at
      from m cross join (values ('host_share'), ('platform_fee')) as a(account)`);
    await priceSessions(quiet, 3, '2026-10-05 16:00:00+00', '1 hour');
  });
  afterAll(() => t.close());

  it('the CSV lists every movement, and its totals are the sum of its lines to the cent', async () => {
    const csv = await statement(busy, 'csv');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const lines = rows.slice(1, -1);
    const total = rows.at(-1)!;
    expect(rows[0]![0]).toBe(`Date (${ZONE})`);
    expect(lines).toHaveLength(SESSIONS + FEES);
    expect(total.slice(0, 4)).toEqual(['Total', '', '', 'USD']);
    for (let column = 4; column < total.length; column += 1)
      expect(
        lines.reduce((sum, line) => sum + cents(line[column]!), 0),
        rows[0]![column],
      ).toBe(cents(total[column]!));
    expect(lines[0]![0]).toBe('2026-10-01 00:00:00 -07:00');
    expect(lines.filter((line) => /^[0-9a-f-]{36}$/.test(line[2]!))).toHaveLength(SESSIONS + FEES);
    expect(new Set(lines.map((line) => line[1]))).toEqual(new Set(['Session', 'Monthly deal fee']));
    expect(lines.at(-1)![0]!.slice(0, 10)).toBe('2026-10-30');
    // In time order (the month is read in stretches of time): the fees, recorded after the sessions, sit among them by their date.
    const dates = lines.map((line) => line[0]!);
    expect(dates).toEqual([...dates].sort());
    expect(lines.findIndex((line) => line[1] === 'Monthly deal fee')).toBeLessThan(SESSIONS / 2);
  });

  it('the CSV in the language of the page downloading: German column names, entry names and total, the same figures', async () => {
    const url = `/web/payments/payouts/statement?locationId=${quiet}&month=${MONTH}&format=csv`;
    const rowsOf = (body: string) =>
      body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
    const german = rowsOf((await t.app.inject(authed(token, { method: 'GET', url, headers: { 'accept-language': 'de' } }))).body);
    expect(german[0]).toBe(
      `Datum (${ZONE}),Buchung,Referenz,Währung,Eingenommener Umsatz,Erstattungen,Anteil des Gastgebers,Anteil des Wiederverkäufers,` +
        'Plattformgebühr,Überweisungen,Nicht zugeordnet,Roaming-Forderung,Forderung,Einbehaltener Gastgeberanteil,Anbietergebühren',
    );
    expect(german.at(-1)!.startsWith('Summe,,,USD,')).toBe(true);
    const english = rowsOf((await statement(quiet, 'csv')).body);
    // The entry names the PDF gives them, so a reader finds the same word in both.
    expect(german.slice(1, -1).map((line) => line.split(',')[1])).toEqual(['Ladevorgang', 'Ladevorgang', 'Ladevorgang']);
    expect(german.slice(1, -1).map((line) => line.replace(',Ladevorgang,', ',Session,'))).toEqual(english.slice(1, -1));
    expect(german.at(-1)!.replace('Summe', 'Total')).toBe(english.at(-1));
  });

  it('the PDF of a busy month shows one line per local day whose sums are the database’s own and add up to the totals', async () => {
    const pdf = await statement(busy, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const { pages, rows } = await pdfRows(pdf.rawPayload);
    expect(pages).toBe(1);
    expect(rows.flat().join(' ')).toContain('The CSV statement of the month lists every entry.');
    const days = rows.filter((row) => /^\d{4}-\d{2}-\d{2}$/.test(row[0]!));
    // What the engine says each day on the location's clock holds, summed by the database, not by our code.
    const expected = rowsOf<{ day: string; entries: number; sessions: number; revenue: string; host: string; reseller: string; platform: string }>(
      await t.database.db.execute(sql`
        select (first_at at time zone ${ZONE})::date::text as day, count(*)::int as entries,
               count(*) filter (where event = 'session_priced')::int as sessions, sum(revenue)::text as revenue,
               sum(host)::text as host, sum(reseller)::text as reseller, sum(platform)::text as platform
        from (select min(occurred_at) as first_at, event,
                     -sum(amount_minor) filter (where account = 'session_revenue') as revenue,
                     sum(amount_minor) filter (where account = 'host_share') as host,
                     sum(amount_minor) filter (where account = 'reseller_share') as reseller,
                     sum(amount_minor) filter (where account = 'platform_fee') as platform
              from ledger_entries
              where location_id = ${busy} and occurred_at >= timestamptz '2026-10-01 07:00:00+00' and occurred_at < timestamptz '2026-11-01 07:00:00+00'
              group by movement_id, event) as movement
        group by 1 order by 1`),
    );
    expect(expected).toHaveLength(30);
    expect(
      days.map(([day, entries, sessions, currency, revenue, , host, reseller, platform]) => ({
        day,
        entries: Number(entries),
        sessions: Number(sessions),
        currency,
        revenue: cents(revenue!),
        host: cents(host!),
        reseller: cents(reseller!),
        platform: cents(platform!),
      })),
    ).toEqual(
      expected.map((day) => ({
        day: day.day,
        entries: day.entries,
        sessions: day.sessions,
        currency: 'USD',
        revenue: Number(day.revenue ?? 0),
        host: Number(day.host ?? 0),
        reseller: Number(day.reseller ?? 0),
        platform: Number(day.platform ?? 0),
      })),
    );
    const total = rows.find((row) => row[0] === 'Total')!;
    for (let column = 4; column < total.length; column += 1)
      expect(days.reduce((sum, day) => sum + cents(day[column]!), 0)).toBe(cents(total[column]!));
    const csvTotal = (await statement(busy, 'csv')).body.trim().split('\r\n').at(-1)!.split(',');
    expect(total.slice(4).map(cents)).toEqual(csvTotal.slice(4).map(cents));
  });

  it('the PDF of a quiet month still lists each movement', async () => {
    const { rows } = await pdfRows((await statement(quiet, 'pdf')).rawPayload);
    expect(rows.filter((row) => row[1] === 'Session').map((row) => row[0])).toEqual(['2026-10-05 09:00', '2026-10-05 10:00', '2026-10-05 11:00']);
    expect(rows.flat().join(' ')).not.toContain('lists every entry');
  });

  it('the PDF is written in the page’s language the web app sends (issue 44), the CSV’s header line too', async () => {
    const inGerman = (format: 'csv' | 'pdf') =>
      t.app.inject(
        authed(token, {
          method: 'GET',
          url: `/web/payments/payouts/statement?locationId=${quiet}&month=${MONTH}&format=${format}`,
          headers: { 'accept-language': 'de' },
        }),
      );
    const { rows } = await pdfRows((await inGerman('pdf')).rawPayload);
    expect(rows[0]).toEqual(['Auszahlungsabrechnung Oktober 2026: Statement Quiet Site']);
    expect(rows.filter((row) => row[1] === 'Ladevorgang').map((row) => row[0])).toEqual(['05.10.2026 09:00', '05.10.2026 10:00', '05.10.2026 11:00']);
    expect((await inGerman('csv')).body.replace(/^\uFEFF/, '')).toMatch(/^Datum \(America\/Los_Angeles\),Buchung,/);
  });
});
