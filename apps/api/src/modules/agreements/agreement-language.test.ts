import { ESIGNATURE_CONSENT_TEXT, LOCALES } from '@wattdesk/shared';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderAgreementPdf, renderSignedPdf, sha256Hex, type AgreementContent } from './agreement-pdf.ts';
import en from './mail-text/en.json' with { type: 'json' };

/** Where WinAnsi differs from Latin-1 (Node's own windows-1252 decoder is Latin-1 without full ICU). */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x84: '„', 0x85: '…', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—' };

/** The lines of text each page draws, top to bottom, decoded as the standard fonts encode them (WinAnsi). */
const pageTexts = async (bytes: Uint8Array) => {
  const doc = await PDFDocument.load(bytes);
  const pages = doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    return streams.flatMap((stream) =>
      [
        ...Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode())
          .toString('latin1')
          .matchAll(/<([0-9A-F]*)> Tj/g),
      ].map(([, hex]) => [...Buffer.from(hex!, 'hex')].map((code) => WIN_ANSI[code] ?? String.fromCharCode(code)).join('')),
    );
  });
  return { pages, title: doc.getTitle(), subject: doc.getSubject() };
};

const content: AgreementContent = {
  id: '7c1f0a52-3b9e-4d61-a0c4-2e8f5b7d9a13',
  accountName: 'Brückner & Söhne GmbH',
  propertyName: 'Parkhaus Königstraße',
  street: 'Königstraße 12',
  city: 'Stuttgart',
  state: 'BW',
  zip: '70173',
  signerName: 'Jürgen Weiß',
  signerEmail: 'juergen@example.com',
  createdAt: new Date('2026-12-01T09:00:00Z'),
};
const facts = { signedAt: new Date('2026-12-07T19:08:09Z'), ip: '203.0.113.7', userAgent: null, agreementSha256: 'ab'.repeat(32) };
const webConsent = (locale: string) =>
  (
    JSON.parse(readFileSync(join(import.meta.dirname, `../../../../web/src/i18n/catalogues/agreements/${locale}.json`), 'utf8')) as Record<
      string,
      string
    >
  )['signing.consent'];

describe('the agreement PDF’s own words in the reader’s language (issue 44)', () => {
  it('German: headings, labels, signature line, footer and certificate; the contract’s terms and the data as they are', async () => {
    const shown = await renderAgreementPdf(content, 'de');
    const signed = await pageTexts(await renderSignedPdf(shown, content, facts, 'de'));
    const agreement = signed.pages.slice(0, -1).flat();
    const certificate = signed.pages.at(-1)!;
    expect(signed.title).toBe('Vertrag - Parkhaus Königstraße');
    expect(signed.subject).toBe('Unterschrieben von Jürgen Weiß am 7. Dezember 2026 um 19:08:09');
    expect(agreement.join(' ')).toContain('Gastgebervertrag für das Laden von Elektrofahrzeugen');
    expect(agreement).toEqual(
      expect.arrayContaining([
        'Konto',
        'Brückner & Söhne GmbH',
        'Objekt',
        'Königstraße 12, Stuttgart, BW 70173',
        'Unterschrift',
        '1. Services',
        `EV Charging Host Agreement v1 - Seite 1 von ${signed.pages.length - 1}`,
      ]),
    );
    expect(agreement.join(' ')).toContain(
      'Elektronisch unterschrieben von Jürgen Weiß für Brückner & Söhne GmbH. Das Signaturzertifikat ist der unterschriebenen Ausfertigung beigefügt.',
    );
    expect(certificate).toEqual(
      expect.arrayContaining([
        'Zertifikat der elektronischen Unterschrift',
        'Unterschrieben am (UTC)',
        '7. Dezember 2026 um 19:08:09',
        'nicht übermittelt',
      ]),
    );
    // What the signer ticked, as the signing page showed it: German quotation marks and umlauts intact, nothing replaced.
    expect(certificate.join(' ')).toContain(webConsent('de'));
    expect(certificate.join(' ')).toContain('auf „Absenden“ klicke');
    expect(certificate.join(' ')).not.toContain('?');
  });

  it('the same agreement and language make the same bytes; another language makes other bytes', async () => {
    expect(sha256Hex(await renderAgreementPdf(content, 'fr'))).toBe(sha256Hex(await renderAgreementPdf(content, 'fr')));
    expect(sha256Hex(await renderAgreementPdf(content, 'fr'))).not.toBe(sha256Hex(await renderAgreementPdf(content, 'es')));
  });

  it('French and Spanish print whole: the apostrophe and the accents', async () => {
    const french = (await pageTexts(await renderSignedPdf(await renderAgreementPdf(content, 'fr'), content, facts, 'fr'))).pages.flat().join(' ');
    expect(french).toContain('Contrat d’hébergement de bornes de recharge');
    expect(french).toContain(webConsent('fr'));
    const spanish = (await pageTexts(await renderSignedPdf(await renderAgreementPdf(content, 'es'), content, facts, 'es'))).pages.flat().join(' ');
    expect(spanish).toContain('Firmado el (UTC) 7 de diciembre de 2026 a las 19:08:09');
    expect(spanish).toContain(webConsent('es'));
  });

  it('the certificate’s consent is the signing page’s sentence in every language, English the shared one', () => {
    expect(en['certificate.consent']).toBe(ESIGNATURE_CONSENT_TEXT);
    for (const locale of LOCALES) {
      const catalogue = JSON.parse(readFileSync(join(import.meta.dirname, 'mail-text', `${locale}.json`), 'utf8')) as Record<string, string>;
      expect(catalogue['certificate.consent'], locale).toBe(webConsent(locale));
    }
  });

  it('English stays as it was', async () => {
    const shown = await renderAgreementPdf(content);
    const signed = await pageTexts(await renderSignedPdf(shown, content, { ...facts, userAgent: 'Mozilla/5.0' }));
    const texts = signed.pages.flat();
    expect(signed.title).toBe('Agreement - Parkhaus Königstraße');
    expect(signed.subject).toBe('Signed by Jürgen Weiß on 2026-12-07T19:08:09.000Z');
    expect(texts).toEqual(
      expect.arrayContaining([
        'EV Charging Host Agreement',
        `Agreement ${content.id}`,
        'Account',
        'Signature',
        `EV Charging Host Agreement v1 - page 1 of ${signed.pages.length - 1}`,
        'Electronic Signature Certificate',
        'Signed at (UTC)',
        '2026-12-07T19:08:09.000Z',
        'Consent given',
      ]),
    );
    expect(texts.join(' ')).toContain(ESIGNATURE_CONSENT_TEXT);
    expect(texts.join(' ')).toContain(
      'Signed electronically by Jürgen Weiß for Brückner & Söhne GmbH. The signature certificate is attached to the signed copy.',
    );
  });
});
