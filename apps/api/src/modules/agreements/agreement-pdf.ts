import type { Locale } from '@wattdesk/shared';
import { formatTagOf } from '@wattdesk/shared/i18n/format-locale';
import { createHash } from 'node:crypto';
import { serverText } from '../../lib/i18n/text.ts';
import de from './mail-text/de.json' with { type: 'json' };
import en from './mail-text/en.json' with { type: 'json' };
import es from './mail-text/es.json' with { type: 'json' };
import fr from './mail-text/fr.json' with { type: 'json' };
import { PdfWriter } from './pdf-writer.ts';

/**
 * The words our code writes around the agreement — titles, labels, the signature line, the footer, the certificate —
 * in the reader's language (issue 44). The agreement's own text (TERMS) is the contract as versioned: never translated.
 * The certificate's consent is the sentence the signer ticked, as the signing page showed it in their language.
 */
const pdfText = serverText('agreements-pdf', en, { de, es, fr });

export type AgreementContent = {
  id: string;
  accountName: string;
  propertyName: string;
  street: string;
  city: string;
  state: string;
  zip: string;
  signerName: string;
  signerEmail: string;
  createdAt: Date;
};

export type SignatureFacts = { signedAt: Date; ip: string; userAgent: string | null; agreementSha256: string };

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Changing these words, or the catalogue's pdf.* texts, changes agreements' bytes: bump the version with them. */
const TEMPLATE_VERSION = 'EV Charging Host Agreement v1';

const TERMS: readonly [string, string][] = [
  [
    '1. Services',
    'Wattdesk operates the electric-vehicle charging stations installed at the Property on the network, including remote monitoring, driver access, payment processing and customer support.',
  ],
  [
    '2. Host obligations',
    'The Host provides the parking spaces, the electrical supply and reasonable access to the chargers for installation, inspection and maintenance, and keeps the spaces available to drivers during the agreed hours.',
  ],
  [
    '3. Fees and payouts',
    'Charging, session and idle fees are set in the dashboard. Revenue due to the Host, less processing and network fees, is paid out to the payment-provider account connected for the Property.',
  ],
  [
    '4. Data and privacy',
    'Charging data is processed to operate the service and to report to the Host. Personal data of drivers is handled according to the network privacy policy and is not sold.',
  ],
  [
    '5. Term and termination',
    'This agreement runs for twelve months from signature and renews for successive twelve-month terms unless either party gives sixty days written notice before the end of a term.',
  ],
  [
    '6. Liability',
    'Neither party is liable for indirect or consequential losses. Each party remains responsible for its own negligence and for compliance with the laws that apply to it.',
  ],
];

const addressLine = (content: AgreementContent) => `${content.street}, ${content.city}, ${content.state} ${content.zip}`;

/** When it was signed, to the second, in UTC: English keeps the ISO form it always printed, the others read as a date. */
const signedAtText = (signedAt: Date, locale: Locale) =>
  locale === 'en'
    ? signedAt.toISOString()
    : new Intl.DateTimeFormat(formatTagOf(locale), { dateStyle: 'long', timeStyle: 'medium', timeZone: 'UTC' }).format(signedAt);

/**
 * The agreement the signer reads, in the language of their page: deterministic bytes for the same agreement and
 * language, so its SHA-256 identifies what was shown (signing rebuilds it in the language the signer signed in).
 */
export const renderAgreementPdf = async (content: AgreementContent, locale: Locale = 'en'): Promise<Uint8Array> => {
  const t = pdfText(locale);
  const pdf = await PdfWriter.create({ title: t('pdf.title', { propertyName: content.propertyName }), date: content.createdAt });
  pdf.text(t('pdf.heading'), { size: 20, bold: true, gapAfter: 8 });
  pdf.text(t('pdf.agreement', { id: content.id }), { size: 9, muted: true, gapAfter: 10 });
  pdf.field(t('pdf.account'), content.accountName);
  pdf.field(t('pdf.property'), content.propertyName);
  pdf.field(t('pdf.address'), addressLine(content));
  pdf.field(t('pdf.signer'), `${content.signerName} <${content.signerEmail}>`);
  pdf.rule();
  pdf.text(
    `This agreement is made between Wattdesk and ${content.accountName} (the Host) for the charging stations at ${content.propertyName}, ${addressLine(content)} (the Property).`,
    { gapAfter: 10 },
  );
  for (const [heading, body] of TERMS) {
    pdf.text(heading, { bold: true, size: 11.5 });
    pdf.text(body, { gapAfter: 10 });
  }
  pdf.rule();
  pdf.text(t('pdf.signature'), { bold: true, size: 11.5 });
  pdf.text(t('pdf.signedElectronically', { signerName: content.signerName, accountName: content.accountName }), { muted: true });
  pdf.footer((page, pages) => t('pdf.page', { label: TEMPLATE_VERSION, page, pages }));
  return pdf.save();
};

const certificatePdf = async (content: AgreementContent, facts: SignatureFacts, locale: Locale): Promise<Uint8Array> => {
  const t = pdfText(locale);
  const pdf = await PdfWriter.create({ title: t('certificate.title'), date: facts.signedAt });
  pdf.text(t('certificate.heading'), { size: 18, bold: true, gapAfter: 12 });
  pdf.field(t('certificate.agreement'), content.id);
  pdf.field(t('pdf.account'), content.accountName);
  pdf.field(t('pdf.property'), content.propertyName);
  pdf.field(t('pdf.address'), addressLine(content));
  pdf.rule();
  pdf.field(t('pdf.signer'), content.signerName);
  pdf.field(t('certificate.email'), content.signerEmail);
  pdf.field(t('certificate.signedAt'), signedAtText(facts.signedAt, locale));
  pdf.field(t('certificate.clientAddress'), facts.ip);
  pdf.field(t('certificate.userAgent'), facts.userAgent ?? t('certificate.notSent'));
  pdf.field(t('certificate.sha256'), facts.agreementSha256);
  pdf.rule();
  pdf.text(t('certificate.consentGiven'), { bold: true, size: 11.5 });
  pdf.text(t('certificate.consent'), { gapAfter: 10 });
  pdf.text(t('certificate.fingerprint'), { muted: true });
  return pdf.save();
};

/**
 * The signed copy: the agreement exactly as shown, followed by its signature certificate page, in the language the
 * signer read and signed the agreement in.
 */
export const renderSignedPdf = async (
  agreementPdf: Uint8Array,
  content: AgreementContent,
  facts: SignatureFacts,
  locale: Locale = 'en',
): Promise<Uint8Array> => {
  const { PDFDocument } = await import('pdf-lib');
  const signed = await PDFDocument.load(agreementPdf, { updateMetadata: false });
  const certificate = await PDFDocument.load(await certificatePdf(content, facts, locale), { updateMetadata: false });
  for (const page of await signed.copyPages(certificate, certificate.getPageIndices())) signed.addPage(page);
  signed.setModificationDate(facts.signedAt);
  signed.setSubject(pdfText(locale)('certificate.subject', { signerName: content.signerName, signedAt: signedAtText(facts.signedAt, locale) }));
  return signed.save({ useObjectStreams: false });
};
