import type { TemplateStatusFilter } from '@wattdesk/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { chargers, inspectionRecords, inspectionTemplates, locations } from '../../db/schema/index.ts';

export type TemplateRow = typeof inspectionTemplates.$inferSelect;

export const listTemplates = (db: Database, locationId: string, status: TemplateStatusFilter) =>
  db
    .select()
    .from(inspectionTemplates)
    .where(
      and(eq(inspectionTemplates.locationId, locationId), status === 'all' ? undefined : eq(inspectionTemplates.archived, status === 'archived')),
    )
    .orderBy(inspectionTemplates.name, inspectionTemplates.id);

export const findTemplate = async (db: Executor, id: string) =>
  (await db.select().from(inspectionTemplates).where(eq(inspectionTemplates.id, id)))[0];

/** Locks the row so two hosts archiving and restoring at once leave one answer and one audit row each. */
export const findTemplateForUpdate = async (db: Executor, id: string) =>
  (await db.select().from(inspectionTemplates).where(eq(inspectionTemplates.id, id)).for('update'))[0];

export const insertTemplate = async (db: Executor, row: typeof inspectionTemplates.$inferInsert) =>
  (await db.insert(inspectionTemplates).values(row).returning())[0]!;

export const updateTemplate = async (db: Executor, id: string, row: Partial<typeof inspectionTemplates.$inferInsert>) =>
  (
    await db
      .update(inspectionTemplates)
      .set({ ...row, updatedAt: new Date() })
      .where(eq(inspectionTemplates.id, id))
      .returning()
  )[0]!;

export const locationExists = async (db: Database, id: string) =>
  (await db.select({ id: locations.id }).from(locations).where(eq(locations.id, id))).length > 0;

export const findCharger = async (db: Database, id: string) =>
  (await db.select({ id: chargers.id, name: chargers.name, locationId: chargers.locationId }).from(chargers).where(eq(chargers.id, id)))[0];

export const insertRecord = async (db: Executor, row: typeof inspectionRecords.$inferInsert) =>
  (await db.insert(inspectionRecords).values(row).returning())[0]!;

export const listRecords = (db: Database, locationId: string) =>
  db
    .select({ record: inspectionRecords, chargerName: chargers.name, templateArchived: inspectionTemplates.archived })
    .from(inspectionRecords)
    .innerJoin(inspectionTemplates, eq(inspectionTemplates.id, inspectionRecords.templateId))
    .leftJoin(chargers, eq(chargers.id, inspectionRecords.chargerId))
    .where(eq(inspectionRecords.locationId, locationId))
    .orderBy(desc(inspectionRecords.completedAt))
    .limit(200);
