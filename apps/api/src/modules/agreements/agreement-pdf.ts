import { ESIGNATURE_CONSENT_TEXT } from '@wattdesk/shared';
import { createHash } from 'node:crypto';
import { PdfWriter } from './pdf-writer.ts';

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

/** Changing these words changes every agreement's bytes: bump the version with them. */
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

/** The agreement the signer reads: deterministic bytes for the same agreement, so its SHA-256 identifies what was shown. */
export const renderAgreementPdf = async (content: AgreementContent): Promise<Uint8Array> => {
  const pdf = await PdfWriter.create({ title: `Agreement - ${content.propertyName}`, date: content.createdAt });
  pdf.text('EV Charging Host Agreement', { size: 20, bold: true, gapAfter: 8 });
  pdf.text(`Agreement ${content.id}`, { size: 9, muted: true, gapAfter: 10 });
  pdf.field('Account', content.accountName);
  pdf.field('Property', content.propertyName);
  pdf.field('Address', addressLine(content));
  pdf.field('Signer', `${content.signerName} <${content.signerEmail}>`);
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
  pdf.text('Signature', { bold: true, size: 11.5 });
  pdf.text(`Signed electronically by ${content.signerName} for ${content.accountName}. The signature certificate is attached to the signed copy.`, {
    muted: true,
  });
  pdf.footer(TEMPLATE_VERSION);
  return pdf.save();
};

const certificatePdf = async (content: AgreementContent, facts: SignatureFacts): Promise<Uint8Array> => {
  const pdf = await PdfWriter.create({ title: 'Signature certificate', date: facts.signedAt });
  pdf.text('Electronic Signature Certificate', { size: 18, bold: true, gapAfter: 12 });
  pdf.field('Agreement', content.id);
  pdf.field('Account', content.accountName);
  pdf.field('Property', content.propertyName);
  pdf.field('Address', addressLine(content));
  pdf.rule();
  pdf.field('Signer', content.signerName);
  pdf.field('E-mail', content.signerEmail);
  pdf.field('Signed at (UTC)', facts.signedAt.toISOString());
  pdf.field('Client address', facts.ip);
  pdf.field('User agent', facts.userAgent ?? 'not sent');
  pdf.field('Document SHA-256', facts.agreementSha256);
  pdf.rule();
  pdf.text('Consent given', { bold: true, size: 11.5 });
  pdf.text(ESIGNATURE_CONSENT_TEXT, { gapAfter: 10 });
  pdf.text(
    'The SHA-256 above is the fingerprint of the agreement exactly as it was shown to the signer; the preceding pages of this file are that agreement.',
    { muted: true },
  );
  return pdf.save();
};

/** The signed copy: the agreement exactly as shown, followed by its signature certificate page. */
export const renderSignedPdf = async (agreementPdf: Uint8Array, content: AgreementContent, facts: SignatureFacts): Promise<Uint8Array> => {
  const { PDFDocument } = await import('pdf-lib');
  const signed = await PDFDocument.load(agreementPdf, { updateMetadata: false });
  const certificate = await PDFDocument.load(await certificatePdf(content, facts), { updateMetadata: false });
  for (const page of await signed.copyPages(certificate, certificate.getPageIndices())) signed.addPage(page);
  signed.setModificationDate(facts.signedAt);
  signed.setSubject(`Signed by ${content.signerName} on ${facts.signedAt.toISOString()}`);
  return signed.save({ useObjectStreams: false });
};
