import { minorDigits, zonedTimestampFormatter } from '@wattdesk/shared';
import { COLUMNS, EVENT_LABELS, LABELS, type Amounts, type Statement, type StatementSummary } from './statement.ts';

const amountFormats = new Map<string, Intl.NumberFormat>();
/**
 * An amount of the currency with thousands separators and the currency's digits, without its symbol: the standard
 * PDF font has no € or ¥, and the currency is in its own column. 123456789 USD → "1,234,567.89".
 */
export const pdfAmount = (minor: number, currency: string) => {
  let format = amountFormats.get(currency);
  if (!format) {
    const digits = minorDigits(currency);
    amountFormats.set(currency, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  }
  return format.format(minor / 10 ** minorDigits(currency) + 0);
};

/** The month's figures of decision 082 in words, per currency, from the statement's totals. */
const summaryOf = (currency: string, total: Amounts) => {
  const receivable = total.sessionReceivable + total.roamingReceivable;
  const figures: [string, number][] = [
    ['Earned', total.sessionRevenue + receivable],
    ['Collected', total.sessionRevenue],
    ['Receivable', receivable],
    ['Refunded', total.refund],
    ['Available', total.hostShare],
    ['Paid out', total.transfer],
  ];
  return `${currency} this month: ${figures.map(([label, minor]) => `${label} ${pdfAmount(minor, currency)}`).join('  |  ')}`;
};

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
  // Landscape letter is 792 pt wide: eleven amount columns of 54 pt after the leading ones.
  const widths = daily ? [58, 36, 40, 26, ...Array.from({ length: 11 }, () => 54)] : [84, 78, 26, ...Array.from({ length: 11 }, () => 54)];
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
      const text = ascii(cell).slice(0, n === 1 && !daily ? 20 : 40);
      const right = n >= firstAmount;
      const size = 6.5;
      const width = (useBold ? bold : font).widthOfTextAtSize(text, size);
      page.drawText(text, { x: right ? x + widths[n]! - width - 4 : x, y, size, font: useBold ? bold : font });
      x += widths[n]!;
    });
    y -= 12;
  };
  page.drawText(ascii(`Payout statement ${month}: ${statement.locationName}`), { x: 30, y: 580, size: 13, font: bold });
  const money = (line: Amounts) => COLUMNS.map((column) => pdfAmount(line[column], line.currency));
  // The figures a host asks about first, above the movements; the columns below add up to them.
  let summaryY = 'days' in statement ? 552 : 564;
  for (const [currency, total] of statement.totals) {
    page.drawText(ascii(summaryOf(currency, { currency, ...total })), { x: 30, y: summaryY, size: 8, font: bold });
    summaryY -= 11;
  }
  const labels = COLUMNS.map((column) => LABELS[column]);
  if ('days' in statement) {
    const count = statement.entries.toLocaleString('en-US');
    page.drawText(ascii(`${count} entries this month: one line per day below. The CSV statement of the month lists every entry.`), {
      x: 30,
      y: 564,
      size: 9,
      font,
    });
    y = summaryY - 8;
    row([`Day (${statement.timeZone})`.slice(0, 18), 'Entries', 'Sessions', 'Cur.', ...labels], true);
    for (const day of statement.days) row([day.day, String(day.entries), String(day.sessions), day.currency, ...money(day)]);
    for (const [currency, total] of statement.totals) row(['Total', '', '', currency, ...money({ currency, ...total })], true);
  } else {
    const format = zonedTimestampFormatter(statement.timeZone);
    y = summaryY - 8;
    row([`Date (${statement.timeZone})`, 'Entry', 'Cur.', ...labels], true);
    for (const line of statement.lines) row([format(line.at).slice(0, 16), EVENT_LABELS[line.event] ?? line.event, line.currency, ...money(line)]);
    for (const [currency, total] of statement.totals) row(['Total', '', currency, ...money({ currency, ...total })], true);
  }
  return doc.save();
};
