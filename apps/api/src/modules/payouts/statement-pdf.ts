import { minorDigits, zonedTimestampFormatter, type Locale } from '@wattdesk/shared';
import { formatTagOf } from '@wattdesk/shared/i18n/format-locale';
import { COLUMNS, type Amounts, type Statement, type StatementSummary } from './statement.ts';
import { eventLabel, statementText, type StatementKey as Key } from './statement-text.ts';

const amountFormats = new Map<string, Intl.NumberFormat>();
/**
 * An amount of the currency with the reader's thousands separators and the currency's digits, without its symbol:
 * the currency is in its own column. 123456789 USD → "1,234,567.89" in English, "1.234.567,89" in German.
 */
export const pdfAmount = (minor: number, currency: string, locale: Locale = 'en') => {
  const id = `${locale}|${currency}`;
  let format = amountFormats.get(id);
  if (!format) {
    const digits = minorDigits(currency);
    amountFormats.set(id, (format = new Intl.NumberFormat(formatTagOf(locale), { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  }
  return format.format(minor / 10 ** minorDigits(currency) + 0);
};

/**
 * How the reader writes a day and a clock time. English keeps the sortable ISO forms it always printed; the others
 * get their own digits order ("05.10.2026 09:00"), made from the location's wall clock already computed.
 */
const datesOf = (locale: Locale) => {
  if (locale === 'en') return { day: (day: string) => day, stamp: (zoned: string) => zoned.slice(0, 16) };
  const format = new Intl.DateTimeFormat(formatTagOf(locale), { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
  const day = (iso: string) => format.format(new Date(`${iso}T12:00:00Z`));
  return { day, stamp: (zoned: string) => `${day(zoned.slice(0, 10))} ${zoned.slice(11, 16)}` };
};

const monthLabel = (month: string, locale: Locale) =>
  locale === 'en'
    ? month
    : new Intl.DateTimeFormat(formatTagOf(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

/** The month's figures of decision 082 in words, per currency, from the statement's totals. */
const summaryOf = (currency: string, total: Amounts, locale: Locale) => {
  const t = statementText(locale);
  const receivable = total.sessionReceivable + total.roamingReceivable;
  const figures: [Key, number][] = [
    ['summary.earned', total.sessionRevenue + receivable],
    ['summary.collected', total.sessionRevenue],
    ['summary.receivable', receivable],
    ['summary.refunded', total.refund],
    ['summary.available', total.hostShare],
    ['summary.paidOut', total.transfer],
  ];
  return t('summary', { currency, figures: figures.map(([label, minor]) => `${t(label)} ${pdfAmount(minor, currency, locale)}`).join('  |  ') });
};

/**
 * The same totals as the CSV: with the month's lines (PDF_LINE_LIMIT at most) it lists them all; with its days,
 * one line per local day and a sentence sending the reader to the CSV for every movement. pdf-lib is imported by
 * the first PDF (decision 060).
 */
export const statementPdf = async (
  statement: Statement | StatementSummary,
  month: string,
  generatedAt: Date,
  locale: Locale = 'en',
): Promise<Uint8Array> => {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const t = statementText(locale);
  const dates = datesOf(locale);
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(t('title', { month: monthLabel(month, locale) }));
  doc.setCreator('Wattdesk');
  doc.setCreationDate(generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const daily = 'days' in statement;
  // Landscape letter is 792 pt wide: eleven amount columns of 54 pt after the leading ones.
  const widths = daily ? [58, 36, 40, 26, ...Array.from({ length: 11 }, () => 54)] : [84, 78, 26, ...Array.from({ length: 11 }, () => 54)];
  const firstAmount = daily ? 1 : 3;
  // The standard fonts encode WinAnsi (Latin-1 and a few more: ä, é, ñ, ’, € print): a narrow no-break space (French
  // thousands) becomes a space, an accent WinAnsi lacks is dropped, anything else becomes a question mark.
  const encodable = new Set(font.getCharacterSet());
  const printable = (text: string) =>
    [...text.replace(/[\u202f\u2009]/g, ' ')]
      .map((char) => {
        if (encodable.has(char.codePointAt(0)!)) return char;
        const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
        return plain && [...plain].every((c) => encodable.has(c.codePointAt(0)!)) ? plain : '?';
      })
      .join('');
  let page = doc.addPage([792, 612]);
  let y = 560;
  const row = (cells: string[], useBold = false) => {
    if (y < 40) {
      page = doc.addPage([792, 612]);
      y = 570;
    }
    let x = 30;
    cells.forEach((cell, n) => {
      const text = printable(cell).slice(0, n === 1 && !daily ? 20 : 40);
      const right = n >= firstAmount;
      const cellFont = useBold ? bold : font;
      // A heading longer than its column (German and French words run long) is set smaller instead of overlapping the next.
      const size = Math.max(4.5, Math.min(6.5, (6.5 * (widths[n]! - 4)) / cellFont.widthOfTextAtSize(text || ' ', 6.5)));
      const width = cellFont.widthOfTextAtSize(text, size);
      page.drawText(text, { x: right ? x + widths[n]! - width - 4 : x, y, size, font: cellFont });
      x += widths[n]!;
    });
    y -= 12;
  };
  page.drawText(printable(t('heading', { month: monthLabel(month, locale), locationName: statement.locationName })), {
    x: 30,
    y: 580,
    size: 13,
    font: bold,
  });
  const money = (line: Amounts) => COLUMNS.map((column) => pdfAmount(line[column], line.currency, locale));
  // The figures a host asks about first, above the movements; the columns below add up to them.
  let summaryY = 'days' in statement ? 552 : 564;
  for (const [currency, total] of statement.totals) {
    page.drawText(printable(summaryOf(currency, { currency, ...total }, locale)), { x: 30, y: summaryY, size: 8, font: bold });
    summaryY -= 11;
  }
  const labels = COLUMNS.map((column) => t(`label.${column}`));
  if ('days' in statement) {
    const count = statement.entries.toLocaleString(formatTagOf(locale));
    page.drawText(printable(t('daily.note', { count })), { x: 30, y: 564, size: 9, font });
    y = summaryY - 8;
    row(
      [t('column.day', { timeZone: statement.timeZone }).slice(0, 18), t('column.entries'), t('column.sessions'), t('column.currency'), ...labels],
      true,
    );
    for (const day of statement.days) row([dates.day(day.day), String(day.entries), String(day.sessions), day.currency, ...money(day)]);
    for (const [currency, total] of statement.totals) row([t('total'), '', '', currency, ...money({ currency, ...total })], true);
  } else {
    const format = zonedTimestampFormatter(statement.timeZone);
    y = summaryY - 8;
    row([t('column.date', { timeZone: statement.timeZone }), t('column.entry'), t('column.currency'), ...labels], true);
    for (const line of statement.lines) row([dates.stamp(format(line.at)), eventLabel(locale, line.event), line.currency, ...money(line)]);
    for (const [currency, total] of statement.totals) row([t('total'), '', currency, ...money({ currency, ...total })], true);
  }
  return doc.save();
};
