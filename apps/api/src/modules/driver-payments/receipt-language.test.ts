import { describe, expect, it } from 'vitest';
import { receiptMail } from './driver-payments.mail.ts';
import type { ReceiptFacts } from './driver-payments.repository.ts';
import { receiptLines } from './receipt-pdf.ts';

describe('a driver’s receipt in the driver’s language (issue 44)', () => {
  const facts: ReceiptFacts = {
    sessionId: '2f0c9c8e-7d3b-4b1a-9c55-0e3c1f7a9b21',
    locationName: 'Jack London Square',
    timeZone: 'Europe/Berlin',
    startedAt: new Date('2026-11-20T08:00:00Z'),
    stoppedAt: new Date('2026-11-20T09:30:00Z'),
    energyWh: 19_552_200,
    amount: 123_456,
    currency: 'EUR',
    providerPaymentId: 'pi_123',
    paidAt: new Date('2026-11-20T09:31:00Z'),
    email: 'jonas@example.com',
    firstName: 'Jonas',
    locale: 'de',
    card: 'Visa •••• 4242',
  };

  it('labels and figures the German way, the mail too', () => {
    const lines = Object.fromEntries(receiptLines(facts));
    expect(lines['Energie']).toBe('19.552,20 kWh');
    expect(lines['Bezahlter Betrag']).toMatch(/^1\.234,56\s€$/);
    expect(lines['Beginn']).toBe('20. Nov. 2026, 09:00 MEZ');
    const mail = receiptMail({
      to: facts.email,
      firstName: 'Jonas',
      amountLabel: lines['Bezahlter Betrag']!,
      locationName: facts.locationName,
      whenLabel: lines['Beginn']!,
      receipt: { filename: 'quittung.pdf', content: Buffer.from(''), contentType: 'application/pdf' },
      locale: 'de',
    });
    expect(mail.subject).toMatch(/^Ihre Quittung: 1\.234,56\s€ bei Jack London Square$/);
    expect(mail.text).toContain('Vielen Dank für Ihren Ladevorgang bei Jack London Square am 20. Nov. 2026, 09:00 MEZ.');
  });

  it('English stays as it was', () => {
    const lines = receiptLines({ ...facts, locale: 'en', currency: 'USD' });
    expect(lines.map(([label]) => label)).toEqual([
      'Location',
      'Started',
      'Ended',
      'Energy',
      'Amount paid',
      'Card',
      'Paid',
      'Payment reference',
      'Session',
    ]);
    expect(lines[3]![1]).toBe('19,552.20 kWh');
    expect(lines[4]![1]).toBe('$1,234.56');
  });
});
