import type { Agreement, AgreementViewStatus, TermsResponse } from '@wattdesk/shared';
import type { AgreementContent } from './agreement-pdf.ts';
import type { AgreementSummaryRow } from './agreements.repository.ts';

/** Stored status is sent or signed; an unsigned agreement past its expiry reads as expired. */
export const viewStatus = (row: Pick<AgreementSummaryRow, 'status' | 'expiresAt'>, now: Date): AgreementViewStatus =>
  row.status === 'signed' ? 'signed' : row.expiresAt <= now ? 'expired' : 'sent';

export const isOpenForSigning = (row: AgreementSummaryRow, now: Date) => viewStatus(row, now) === 'sent' && !row.signedAt;

export const toAgreement = (row: AgreementSummaryRow, now: Date): Agreement => ({
  id: row.id,
  locationId: row.locationId,
  accountName: row.accountName,
  propertyName: row.propertyName,
  address: { street: row.street, city: row.city, state: row.state, zip: row.zip },
  signerName: row.signerName,
  signerEmail: row.signerEmail,
  status: viewStatus(row, now),
  expiresAt: row.expiresAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  sendCount: row.sendCount,
  signedAt: row.signedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export const toTerms = (row: AgreementSummaryRow): TermsResponse => ({
  propertyName: row.propertyName,
  accountName: row.accountName,
  address: { street: row.street, city: row.city, state: row.state, zip: row.zip },
});

export const contentOf = (row: AgreementSummaryRow): AgreementContent => ({
  id: row.id,
  accountName: row.accountName,
  propertyName: row.propertyName,
  street: row.street,
  city: row.city,
  state: row.state,
  zip: row.zip,
  signerName: row.signerName,
  signerEmail: row.signerEmail,
  createdAt: row.createdAt,
});
