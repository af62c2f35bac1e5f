import { customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { locations } from './locations.ts';

/** Raw bytes; node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const AGREEMENT_STATUSES = ['sent', 'signed', 'expired'] as const;

export const agreements = pgTable(
  'agreements',
  {
    id: id(),
    /** The public token in /terms-and-conditions/{tokenId}. */
    tokenId: text('token_id').notNull().unique(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    accountName: text('account_name').notNull(),
    propertyName: text('property_name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    status: text('status', { enum: AGREEMENT_STATUSES }).notNull().default('sent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    /** SHA-256 of the agreement PDF as the signer was shown it. */
    pdfSha256: text('pdf_sha256'),
    createdByUserId: uuid('created_by_user_id'),
    /** Last time the signing link was e-mailed, and how often. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sendCount: integer('send_count').notNull().default(0),
    /** The signed document (agreement plus signature certificate) exactly as it was e-mailed. */
    signedPdf: bytea('signed_pdf'),
    signedPdfSha256: text('signed_pdf_sha256'),
    ...timestamps(),
  },
  (table) => [index('agreements_location_idx').on(table.locationId), index('agreements_location_created_idx').on(table.locationId, table.createdAt)],
);
