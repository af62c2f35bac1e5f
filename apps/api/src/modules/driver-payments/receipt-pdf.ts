import { formatDateTime, formatKwh, formatMoney } from '@wattdesk/shared';
import { inFormatLocale } from '@wattdesk/shared/i18n/format-locale';
import type { Executor } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { paymentText, receiptMail } from './driver-payments.mail.ts';
import { receiptFacts, type ReceiptFacts } from './driver-payments.repository.ts';

/** The receipt's lines, as label and value, in the driver's language: the PDF and the mail's subject read the same figures. */
export const receiptLines = (facts: ReceiptFacts): [string, string][] => {
  const t = paymentText(facts.locale);
  return inFormatLocale(facts.locale, () => [
    [t('receipt.location'), facts.locationName],
    [t('receipt.started'), formatDateTime(facts.startedAt, facts.timeZone)],
    [t('receipt.ended'), formatDateTime(facts.stoppedAt, facts.timeZone)],
    [t('receipt.energy'), formatKwh(facts.energyWh === null ? null : facts.energyWh / 1000)],
    [t('receipt.amountPaid'), formatMoney(facts.amount, facts.currency)],
    [t('receipt.card'), facts.card ?? t('receipt.cardOnFile')],
    [t('receipt.paid'), formatDateTime(facts.paidAt, facts.timeZone)],
    [t('receipt.reference'), facts.providerPaymentId ?? ''],
    [t('receipt.session'), facts.sessionId],
  ]);
};

/** One A4-ish page; pdf-lib is imported by the first receipt, as the statements do (decision 060). */
export const receiptPdf = async (facts: ReceiptFacts, generatedAt: Date): Promise<Uint8Array> => {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  const t = paymentText(facts.locale);
  doc.setTitle(`${t('receipt.title')} ${facts.sessionId}`);
  doc.setCreator('Wattdesk');
  doc.setCreationDate(generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts encode WinAnsi only (Latin-1 and a few more: é, ü, ñ print): the card's bullets become
  // asterisks, a narrow no-break space (French thousands) a space, anything else WinAnsi lacks a question mark.
  const printable = (text: string) =>
    text
      .replace(/•/g, '*')
      .replace(/[\u202f\u00a0]/g, ' ')
      .replace(/[^\x20-\x7e\u00a1-\u00ff€‘’“”–—]/g, '?');
  const page = doc.addPage([595, 842]);
  page.drawText(printable(t('receipt.title')), { x: 50, y: 780, size: 20, font: bold });
  let y = 740;
  for (const [label, value] of receiptLines(facts)) {
    page.drawText(printable(label), { x: 50, y, size: 11, font: bold });
    page.drawText(printable(value), { x: 190, y, size: 11, font });
    y -= 20;
  }
  page.drawText(printable(t('receipt.closing')), { x: 50, y: y - 20, size: 10, font });
  return doc.save();
};

/** Mails the receipt of a paid session to the account's driver (run after the payment's commit, in the background). */
export const sendReceipt = async (deps: { db: Executor; mailer: Mailer; now: () => Date }, sessionId: string): Promise<void> => {
  const facts = await receiptFacts(deps.db, sessionId);
  if (!facts) return;
  const pdf = await receiptPdf(facts, deps.now());
  await deps.mailer.send(
    receiptMail({
      to: facts.email,
      firstName: facts.firstName,
      amountLabel: inFormatLocale(facts.locale, () => formatMoney(facts.amount, facts.currency)),
      locationName: facts.locationName,
      whenLabel: inFormatLocale(facts.locale, () => formatDateTime(facts.startedAt, facts.timeZone)),
      locale: facts.locale,
      receipt: {
        filename: `${paymentText(facts.locale)('receipt.file')}-${facts.sessionId.slice(0, 8)}.pdf`,
        content: Buffer.from(pdf),
        contentType: 'application/pdf',
      },
    }),
  );
};
