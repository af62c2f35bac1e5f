import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';
import { chargers, locations } from './locations.ts';

/** One end-of-line test result of a charger, imported from a manufacturer's CSV by serial number. */
export const chargerTestResults = pgTable(
  'charger_test_results',
  {
    id: id(),
    chargerId: uuid('charger_id')
      .notNull()
      .references(() => chargers.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    testName: text('test_name').notNull(),
    passed: boolean('passed').notNull(),
    measured: doublePrecision('measured'),
    unit: text('unit').notNull().default(''),
    testedAt: timestamp('tested_at', { withTimezone: true }).notNull(),
    station: text('station').notNull().default(''),
    importedBy: text('imported_by').notNull(),
    ...timestamps(),
  },
  (table) => [index('charger_test_results_charger_idx').on(table.chargerId, table.testedAt)],
);

/** The charger's photo (one per charger), stored in the common file storage. */
export const chargerPhotos = pgTable('charger_photos', {
  chargerId: uuid('charger_id')
    .primaryKey()
    .references(() => chargers.id, { onDelete: 'cascade' }),
  fileKey: text('file_key').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  uploadedBy: text('uploaded_by').notNull(),
  ...timestamps(),
});

export type StoredQuestion = {
  id: string;
  text: string;
  kind: 'yes-no' | 'number' | 'text' | 'photo';
  min?: number | null;
  max?: number | null;
  opensMaintenance: boolean;
};
export type StoredSection = { id: string; title: string; questions: StoredQuestion[] };
export type StoredAnswer = { questionId: string; value: string | number | boolean | null; failed: boolean };

/** An inspection template (the spec's records, sections and questions): sections of questions. */
export const inspectionTemplates = pgTable('inspection_templates', {
  id: id(),
  /** Templates belong to a location, scoped like everything else there. */
  locationId: uuid('location_id')
    .notNull()
    .references(() => locations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  target: text('target', { enum: ['charger', 'location'] }).notNull(),
  sections: jsonb('sections').$type<StoredSection[]>().notNull(),
  archived: boolean('archived').notNull().default(false),
  ...timestamps(),
});

/** A completed inspection: who, when, the template as it was, and the answers. */
export const inspectionRecords = pgTable(
  'inspection_records',
  {
    id: id(),
    templateId: uuid('template_id')
      .notNull()
      .references(() => inspectionTemplates.id, { onDelete: 'restrict' }),
    templateName: text('template_name').notNull(),
    sections: jsonb('sections').$type<StoredSection[]>().notNull(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    chargerId: uuid('charger_id').references(() => chargers.id, { onDelete: 'cascade' }),
    answers: jsonb('answers').$type<StoredAnswer[]>().notNull(),
    failedCount: integer('failed_count').notNull(),
    maintenanceOpened: boolean('maintenance_opened').notNull().default(false),
    inspectorEmail: text('inspector_email').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (table) => [index('inspection_records_location_idx').on(table.locationId, table.completedAt)],
);
