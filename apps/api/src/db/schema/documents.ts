import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { DOCUMENT_KINDS, DOCUMENT_TYPES } from '@wattdesk/shared';
import { id } from './columns.ts';
import { drivers } from './drivers.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * A document or photo kept on a driver (ID, contract, vehicle photo). The bytes live in file storage
 * (lib/file-storage) under storage_key; an image also has a thumbnail. The location is copied from the
 * driver so scope checks and the activity log need no join.
 */
export const driverDocuments = pgTable(
  'driver_documents',
  {
    id: id(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => drivers.userId, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    /** The file name the uploader chose, for display and downloads only. */
    name: text('name').notNull(),
    /** Found from the bytes, never from the name or the browser's header. */
    contentType: text('content_type', { enum: DOCUMENT_TYPES }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    thumbnailKey: text('thumbnail_key'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('driver_documents_driver_idx').on(table.driverId, table.createdAt),
    check('driver_documents_kind_check', sql`${table.kind} in (${quoted(DOCUMENT_KINDS)})`),
    check('driver_documents_type_check', sql`${table.contentType} in (${quoted(DOCUMENT_TYPES)})`),
    check('driver_documents_size_check', sql`${table.sizeBytes} > 0`),
  ],
);
