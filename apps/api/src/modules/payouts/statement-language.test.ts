import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { COLUMNS, type Column, type Statement, type StatementSummary } from './statement.ts';
import { statementPdf } from './statement-pdf.ts';

/** Every text the PDF draws, in drawing order, as WinAnsi (latin1 for what these tests look for) — and its title. */
const pdfTexts = async (bytes: Uint8Array) => {
  const doc = await PDFDocument.load(bytes);
  const texts: string[] = [];
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      const text = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1');
      for (const [, hex] of text.matchAll(/<([0-9A-F]*)> Tj/g)) texts.push(Buffer.from(hex!, 'hex').toString('latin1'));
    }
  }
  return { title: doc.getTitle(), texts };
};

const amounts = (values: Partial<Record<Column, number>>) => ({
  ...(Object.fromEntries(COLUMNS.map((column) => [column, 0])) as Record<Column, number>),
  ...values,
});
const session = { sessionRevenue: 123_456, hostShare: 86_419, resellerShare: 12_345, platformFee: 24_692 };
const statement: Statement = {
  locationName: 'Jack London Square',
  timeZone: 'Europe/Berlin',
  lines: [{ at: new Date('2026-10-05T07:00:00Z'), event: 'session_priced', reference: 's-1', currency: 'EUR', ...amounts(session) }],
  totals: new Map([['EUR', amounts(session)]]),
};
const summary: StatementSummary = {
  locationName: 'Jack London Square',
  timeZone: 'Europe/Berlin',
  entries: 1_234,
  days: [{ day: '2026-10-05', entries: 1_234, sessions: 1_200, currency: 'EUR', ...amounts(session) }],
  totals: new Map([['EUR', amounts(session)]]),
};
const generatedAt = new Date('2026-11-01T08:00:00Z');

describe('the payout statement PDF in the downloading user’s language (issue 44)', () => {
  it('German: headings, labels, the entry, dates and amounts the German way', async () => {
    const { title, texts } = await pdfTexts(await statementPdf(statement, '2026-10', generatedAt, 'de'));
    expect(title).toBe('Auszahlungsabrechnung Oktober 2026');
    expect(texts[0]).toBe('Auszahlungsabrechnung Oktober 2026: Jack London Square');
    expect(texts[1]).toBe(
      'EUR in diesem Monat: Verdient 1.234,56  |  Eingenommen 1.234,56  |  Forderungen 0,00  |  Erstattet 0,00  |  Verfügbar 864,19  |  Ausgezahlt 0,00',
    );
    expect(texts).toEqual(expect.arrayContaining(['Datum (Europe/Berlin)', 'Buchung', 'Eingenommener Umsatz', 'Betreiberanteil', 'Summe']));
    const line = texts.indexOf('05.10.2026 09:00');
    expect(texts.slice(line, line + 5)).toEqual(['05.10.2026 09:00', 'Ladevorgang', 'EUR', '1.234,56', '0,00']);
  });

  it('German daily summary: the note and the day in German', async () => {
    const { texts } = await pdfTexts(await statementPdf(summary, '2026-10', generatedAt, 'de'));
    expect(texts).toContain('1.234 Buchungen in diesem Monat: unten eine Zeile pro Tag. Die CSV-Abrechnung des Monats führt jede Buchung auf.');
    expect(texts).toEqual(expect.arrayContaining(['Ladevorgänge', '05.10.2026', '1.234,56']));
  });

  it('French thousands print as spaces, not as question marks', async () => {
    const { texts } = await pdfTexts(await statementPdf(statement, '2026-10', generatedAt, 'fr'));
    expect(texts).toContain('1 234,56');
    expect(texts.join(' ')).toContain('Part de l’hôte'.replace('’', '\x92'));
    expect(texts.join(' ')).not.toContain('?');
  });

  it('English stays as it was', async () => {
    const { title, texts } = await pdfTexts(await statementPdf(statement, '2026-10', generatedAt));
    expect(title).toBe('Payout statement 2026-10');
    expect(texts[0]).toBe('Payout statement 2026-10: Jack London Square');
    expect(texts[1]).toBe(
      'EUR this month: Earned 1,234.56  |  Collected 1,234.56  |  Receivable 0.00  |  Refunded 0.00  |  Available 864.19  |  Paid out 0.00',
    );
    const line = texts.indexOf('2026-10-05 09:00');
    expect(texts.slice(line, line + 4)).toEqual(['2026-10-05 09:00', 'Session', 'EUR', '1,234.56']);
    const daily = (await pdfTexts(await statementPdf(summary, '2026-10', generatedAt, 'en'))).texts;
    expect(daily).toContain('1,234 entries this month: one line per day below. The CSV statement of the month lists every entry.');
    expect(daily).toEqual(expect.arrayContaining(['Entries', 'Sessions', 'Cur.', 'Collected revenue', 'Total']));
  });
});
