import { minorToDecimal, zonedTimestampFormatter } from '@wattdesk/shared';
import { COLUMNS, EVENT_LABELS, LABELS, type Amounts, type Statement, type StatementSummary } from './statement.ts';

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
  const widths = daily ? [70, 50, 50, 34, 64, 64, 64, 64, 64, 64, 64, 64] : [110, 100, 34, 64, 56, 56, 56, 56, 56, 56, 56];
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
