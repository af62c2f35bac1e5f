import { formatDateTime, formatKwh, formatMoney } from '@wattdesk/shared';
import type { Executor } from '../../db/client.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { receiptMail } from './driver-payments.mail.ts';
import { receiptFacts, type ReceiptFacts } from './driver-payments.repository.ts';

/** The receipt's lines, as label and value: the PDF and the mail's subject read the same figures. */
export const receiptLines = (facts: ReceiptFacts): [string, string][] => [
  ['Location', facts.locationName],
  ['Started', formatDateTime(facts.startedAt, facts.timeZone)],
  ['Ended', formatDateTime(facts.stoppedAt, facts.timeZone)],
  ['Energy', formatKwh(facts.energyWh === null ? null : facts.energyWh / 1000)],
  ['Amount paid', formatMoney(facts.amount, facts.currency)],
  ['Card', facts.card ?? 'Card on file'],
  ['Paid', formatDateTime(facts.paidAt, facts.timeZone)],
  ['Payment reference', facts.providerPaymentId ?? ''],
  ['Session', facts.sessionId],
];

/** One A4-ish page; pdf-lib is imported by the first receipt, as the statements do (decision 060). */
export const receiptPdf = async (facts: ReceiptFacts, generatedAt: Date): Promise<Uint8Array> => {
  const { PDFDocument, StandardFonts } = await import('pdf-lib');
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(`Charging receipt ${facts.sessionId}`);
  doc.setCreator('Wattdesk');
  doc.setCreationDate(generatedAt);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts encode WinAnsi only: the card's bullets become asterisks, other characters a question mark.
  const printable = (text: string) => text.replace(/•/g, '*').replace(/[^\x20-\x7e]/g, '?');
  const page = doc.addPage([595, 842]);
  page.drawText('Charging receipt', { x: 50, y: 780, size: 20, font: bold });
  let y = 740;
  for (const [label, value] of receiptLines(facts)) {
    page.drawText(printable(label), { x: 50, y, size: 11, font: bold });
    page.drawText(printable(value), { x: 190, y, size: 11, font });
    y -= 20;
  }
  page.drawText('Thank you for charging with us.', { x: 50, y: y - 20, size: 10, font });
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
      amountLabel: formatMoney(facts.amount, facts.currency),
      locationName: facts.locationName,
      whenLabel: formatDateTime(facts.startedAt, facts.timeZone),
      receipt: { filename: `receipt-${facts.sessionId.slice(0, 8)}.pdf`, content: Buffer.from(pdf), contentType: 'application/pdf' },
    }),
  );
};
