import { randomUUID } from 'node:crypto';
import {
  AppError,
  type CreateInspectionTemplateBody,
  type InspectionRecord,
  type InspectionTemplate,
  type InspectionTemplateBody,
  inspectionMessages,
  type RecordBody,
  type TemplateStatusFilter,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import { prepareDocument } from '../../lib/document-content.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import type { FileStorage } from '../../lib/file-storage/index.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import type { MaintenanceService } from '../maintenance/maintenance.service.ts';
import { checkAnswers, withIds } from './inspection-answers.ts';
import * as repo from './inspections.repository.ts';
import { createTemplateParts } from './template-parts.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const photoKey = (locationId: string, photoId: string) => `inspections/${locationId}/${photoId}`;

const templateView = (row: repo.TemplateRow): InspectionTemplate => ({
  id: row.id,
  locationId: row.locationId,
  name: row.name,
  target: row.target,
  sections: row.sections,
  archived: row.archived,
  updatedAt: row.updatedAt.toISOString(),
});

type Deps = { db: Database; files: FileStorage; maintenance: Pick<MaintenanceService, 'set'>; now: () => Date };

/** Inspections: templates of sections and questions, and completed records; a failed answer can put the charger in maintenance. */
export const createInspectionsService = ({ db, files, maintenance, now }: Deps) => {
  const reachable = (auth: AuthContext, template: repo.TemplateRow | undefined) => {
    if (!template) throw new AppError('INSPECTION_TEMPLATE_NOT_FOUND');
    assertLocationAccess(auth, template.locationId);
    return template;
  };

  /** Edits and new inspections: an archived template is read-only until it is restored. */
  const requireActiveTemplate = async (auth: AuthContext, id: string) => {
    const template = reachable(auth, await repo.findTemplate(db, id));
    if (template.archived) throw new AppError('INSPECTION_TEMPLATE_ARCHIVED');
    return template;
  };

  const templates = async (locationId: string, status: TemplateStatusFilter) => ({
    items: (await repo.listTemplates(db, locationId, status)).map(templateView),
  });

  const createTemplate = async (actor: Actor, body: CreateInspectionTemplateBody) => {
    if (!(await repo.locationExists(db, body.locationId))) throw new AppError('LOCATION_NOT_FOUND');
    const row = await db.transaction(async (tx) => {
      const inserted = await repo.insertTemplate(tx, {
        locationId: body.locationId,
        name: body.name,
        target: body.target,
        sections: withIds(body.sections),
      });
      await recordActivity(tx, actor, {
        action: 'inspection_template.created',
        entity: 'inspection_template',
        entityId: inserted.id,
        locationId: body.locationId,
        changes: { template: { before: null, after: { name: body.name, target: body.target, sections: inserted.sections } } },
      });
      return inserted;
    });
    return { responseCode: 201, msg: ['Inspection template saved'], template: templateView(row) };
  };

  const updateTemplate = async (auth: AuthContext, actor: Actor, id: string, body: InspectionTemplateBody) => {
    const row = await db.transaction(async (tx) => {
      // Checked under the row's lock: an archive that commits meanwhile is seen here, not edited over.
      const before = reachable(auth, await repo.findTemplateForUpdate(tx, id));
      if (before.archived) throw new AppError('INSPECTION_TEMPLATE_ARCHIVED');
      const updated = await repo.updateTemplate(tx, id, { name: body.name, target: body.target, sections: withIds(body.sections, before.sections) });
      await recordActivity(tx, actor, {
        action: 'inspection_template.updated',
        entity: 'inspection_template',
        entityId: id,
        locationId: before.locationId,
        changes: {
          template: { before: { name: before.name, sections: before.sections }, after: { name: updated.name, sections: updated.sections } },
        },
      });
      return updated;
    });
    return { responseCode: 200, msg: ['Inspection template saved'], template: templateView(row) };
  };

  /**
   * Retires a checklist (or brings it back). Records keep pointing at it, so it is never deleted. Asking for the
   * state it already has answers the same without a second audit row: a double click is not a second change.
   */
  const setArchived = async (auth: AuthContext, actor: Actor, id: string, archived: boolean) => {
    const row = await db.transaction(async (tx) => {
      const before = reachable(auth, await repo.findTemplateForUpdate(tx, id));
      if (before.archived === archived) return before;
      const updated = await repo.updateTemplate(tx, id, { archived });
      await recordActivity(tx, actor, {
        action: archived ? 'inspection_template.archived' : 'inspection_template.restored',
        entity: 'inspection_template',
        entityId: id,
        locationId: before.locationId,
        changes: { archived: { before: before.archived, after: archived } },
      });
      return updated;
    });
    const msg = archived ? inspectionMessages.templateArchived : inspectionMessages.templateRestored;
    return { responseCode: 200, msg: [msg], template: templateView(row) };
  };

  /** A photo answer is uploaded first (checked from its bytes, re-encoded), then named by its id in the record. */
  const uploadPhoto = async (locationId: string, bytes: Buffer) => {
    const prepared = await prepareDocument('photo', bytes);
    const photoId = randomUUID();
    await files.put(photoKey(locationId, photoId), prepared.body, prepared.contentType);
    return { responseCode: 201, msg: ['Photo uploaded'], photoId };
  };

  const photo = async (locationId: string, photoId: string) => {
    const stored = UUID.test(photoId) ? await files.get(photoKey(locationId, photoId)) : undefined;
    if (!stored) throw new AppError('ROUTE_NOT_FOUND', { messages: ['Photo not found'] });
    return stored;
  };

  const complete = async (auth: AuthContext, actor: Actor, body: RecordBody) => {
    const template = await requireActiveTemplate(auth, body.templateId);
    if (template.locationId !== body.locationId) throw new AppError('INSPECTION_TEMPLATE_NOT_FOUND');
    const charger = body.chargerId ? await repo.findCharger(db, body.chargerId) : undefined;
    if (template.target === 'charger' && (!charger || charger.locationId !== body.locationId))
      throw new AppError('INSPECTION_ANSWERS_INVALID', { messages: ['Unable to save the inspection', 'Choose a charger of this location'] });
    const photoIds = body.answers.map((answer) => answer.value).filter((value): value is string => typeof value === 'string' && UUID.test(value));
    const present = new Set<string>();
    for (const id of photoIds) if ((await files.head(photoKey(body.locationId, id))) !== undefined) present.add(id);
    const checked = checkAnswers(template.sections, body.answers, (id) => present.has(id));
    if (checked.problems.length)
      throw new AppError('INSPECTION_ANSWERS_INVALID', { messages: ['Unable to save the inspection', ...checked.problems] });
    const opensMaintenance = checked.opensMaintenance && template.target === 'charger' && charger !== undefined;
    const failedCount = checked.answers.filter((answer) => answer.failed).length;
    const record = await db.transaction(async (tx) => {
      // The checks above ran outside: a template archived since then takes no new record.
      if ((await repo.findTemplateForUpdate(tx, template.id))?.archived) throw new AppError('INSPECTION_TEMPLATE_ARCHIVED');
      const inserted = await repo.insertRecord(tx, {
        templateId: template.id,
        templateName: template.name,
        sections: template.sections,
        locationId: body.locationId,
        chargerId: template.target === 'charger' ? (charger?.id ?? null) : null,
        answers: checked.answers,
        failedCount,
        maintenanceOpened: opensMaintenance,
        inspectorEmail: actor.email ?? '',
        completedAt: now(),
      });
      await recordActivity(tx, actor, {
        action: 'inspection.completed',
        entity: 'inspection_record',
        entityId: inserted.id,
        locationId: body.locationId,
        changes: { record: { before: null, after: { template: template.name, chargerId: inserted.chargerId, failed: failedCount } } },
      });
      return inserted;
    });
    // Through the maintenance service, after the record is kept: it stores the wish and tells a connected charger.
    if (opensMaintenance && charger) await maintenance.set(auth, actor, { chargerIds: [charger.id], inMaintenance: true });
    const view: InspectionRecord = recordView(record, charger?.name ?? null, false);
    const msg = opensMaintenance ? ['Inspection saved', 'A failed answer put the charger in maintenance'] : ['Inspection saved'];
    return { responseCode: 201, msg, record: view };
  };

  const records = async (locationId: string) => ({
    items: (await repo.listRecords(db, locationId)).map(({ record, chargerName, templateArchived }) =>
      recordView(record, chargerName, templateArchived),
    ),
  });

  return {
    templates,
    createTemplate,
    updateTemplate,
    archiveTemplate: (auth: AuthContext, actor: Actor, id: string) => setArchived(auth, actor, id, true),
    restoreTemplate: (auth: AuthContext, actor: Actor, id: string) => setArchived(auth, actor, id, false),
    uploadPhoto,
    photo,
    complete,
    records,
    /** The spec's "sections" and "questions": one part of a template at a time. */
    ...createTemplateParts({ db }),
  };
};

const recordView = (
  record: Awaited<ReturnType<typeof repo.insertRecord>>,
  chargerName: string | null,
  templateArchived: boolean,
): InspectionRecord => ({
  id: record.id,
  templateId: record.templateId,
  templateName: record.templateName,
  templateArchived,
  locationId: record.locationId,
  chargerId: record.chargerId,
  chargerName,
  sections: record.sections,
  answers: record.answers,
  failedCount: record.failedCount,
  maintenanceOpened: record.maintenanceOpened,
  inspectorEmail: record.inspectorEmail,
  completedAt: record.completedAt.toISOString(),
});

export type InspectionsService = ReturnType<typeof createInspectionsService>;
