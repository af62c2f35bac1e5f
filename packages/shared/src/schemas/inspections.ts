import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages } from '../schema-messages.ts';
import { idSchema } from './common.ts';
import { locationIdQuerySchema } from './energy.ts';
import { requiredText } from './fields.ts';

/** Inspections (the spec's records, sections and questions): a template of sections of questions, filled in per charger or location. */
export const QUESTION_KINDS = ['yes-no', 'number', 'text', 'photo'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const INSPECTION_TARGETS = ['charger', 'location'] as const;

export const questionSchema = z
  .object({
    /** Kept when a template is edited, so answers of older records still point at their question. */
    id: z.string().max(40).optional(),
    text: requiredText('Question', 300),
    kind: z.enum(QUESTION_KINDS, { error: schemaMessages.questionKind }),
    /** Number questions: an answer outside min–max fails. */
    min: z
      .number({ error: m.mustBeNumber(fieldLabels.minimum) })
      .finite()
      .nullable()
      .optional(),
    max: z
      .number({ error: m.mustBeNumber(fieldLabels.maximum) })
      .finite()
      .nullable()
      .optional(),
    /** A failed answer puts the charger in maintenance. */
    opensMaintenance: z.boolean().default(false),
  })
  .refine((question) => typeof question.min !== 'number' || typeof question.max !== 'number' || question.min <= question.max, {
    message: schemaMessages.minNotAboveMax,
    path: ['max'],
  });
export type Question = z.infer<typeof questionSchema>;

export const sectionSchema = z.object({
  id: z.string().max(40).optional(),
  title: requiredText('Section title', 120),
  questions: z.array(questionSchema).min(1, schemaMessages.questionPerSection).max(50, schemaMessages.questionsAtMost),
});

export const inspectionTemplateBodySchema = z.object({
  name: requiredText('Name', 120),
  target: z.enum(INSPECTION_TARGETS, { error: schemaMessages.inspectionTarget }),
  sections: z.array(sectionSchema).min(1, schemaMessages.sectionsAtLeast).max(20, schemaMessages.sectionsAtMost),
});
export type InspectionTemplateBody = z.infer<typeof inspectionTemplateBodySchema>;
export const createInspectionTemplateBodySchema = inspectionTemplateBodySchema.extend({ locationId: idSchema });
export type CreateInspectionTemplateBody = z.infer<typeof createInspectionTemplateBodySchema>;

/** Which templates a list shows: active ones (the default, what can be filled in), archived ones, or both. */
export const TEMPLATE_STATUS_FILTERS = ['active', 'archived', 'all'] as const;
export type TemplateStatusFilter = (typeof TEMPLATE_STATUS_FILTERS)[number];
export const inspectionTemplateListQuerySchema = locationIdQuerySchema.extend({
  status: z.enum(TEMPLATE_STATUS_FILTERS, { error: m.mustBeOneOf(fieldLabels.status, 'active, archived', 'all') }).default('active'),
});
export type InspectionTemplateListQuery = z.infer<typeof inspectionTemplateListQuerySchema>;

const storedQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  kind: z.enum(QUESTION_KINDS),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  opensMaintenance: z.boolean(),
});
export type StoredQuestionView = z.infer<typeof storedQuestionSchema>;
const storedSectionSchema = z.object({ id: z.string(), title: z.string(), questions: z.array(storedQuestionSchema) });

export const inspectionTemplateSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  name: z.string(),
  target: z.enum(INSPECTION_TARGETS),
  sections: z.array(storedSectionSchema),
  /** Archived templates are read-only and not offered for new inspections; their records stay. */
  archived: z.boolean(),
  updatedAt: z.string(),
});
export type InspectionTemplate = z.infer<typeof inspectionTemplateSchema>;
export const inspectionTemplateListSchema = z.object({ items: z.array(inspectionTemplateSchema) });
export const inspectionTemplateSavedSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  template: inspectionTemplateSchema,
});

export const answerValueSchema = z.union([
  z.boolean(),
  z.number().finite(),
  z.string().max(2000, 'An answer must be at most 2,000 characters'),
  z.null(),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const recordBodySchema = z.object({
  templateId: idSchema,
  locationId: idSchema,
  /** Required when the template inspects a charger. */
  chargerId: idSchema.optional(),
  /** Photo questions are answered with the id from POST /web/records/photos. */
  answers: z.array(z.object({ questionId: z.string().max(40), value: answerValueSchema })).max(1000),
});
export type RecordBody = z.infer<typeof recordBodySchema>;

/** Whether an answer fails its question: "no" to a yes-no, a number out of its range. Text and photos never fail. */
export const isFailedAnswer = (question: Pick<Question, 'kind' | 'min' | 'max'>, value: AnswerValue): boolean => {
  if (question.kind === 'yes-no') return value === false;
  if (question.kind === 'number' && typeof value === 'number')
    return (typeof question.min === 'number' && value < question.min) || (typeof question.max === 'number' && value > question.max);
  return false;
};

export const inspectionRecordSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  /** The template was archived since: the record still reads the same, the template is no longer filled in. */
  templateArchived: z.boolean(),
  locationId: z.string(),
  chargerId: z.string().nullable(),
  chargerName: z.string().nullable(),
  sections: z.array(storedSectionSchema),
  answers: z.array(z.object({ questionId: z.string(), value: answerValueSchema, failed: z.boolean() })),
  failedCount: z.number().int(),
  maintenanceOpened: z.boolean(),
  inspectorEmail: z.string(),
  completedAt: z.string(),
});
export type InspectionRecord = z.infer<typeof inspectionRecordSchema>;
export const inspectionRecordListSchema = z.object({ items: z.array(inspectionRecordSchema) });
export const recordSavedSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), record: inspectionRecordSchema });
export const recordPhotoSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), photoId: z.string() });

/**
 * Sections and questions one at a time (the spec's endpoint names "sections" and "questions"): the same template
 * rows, addressed by the template and the part's id. A template keeps at least one section and each section at
 * least one question, as a whole template does.
 */
const partIdSchema = z.string().trim().min(1, m.required(fieldLabels.id)).max(40, 'Id must be at most 40 characters');
export const templatePartParamsSchema = z.object({ id: partIdSchema });
export const templateQuerySchema = z.object({ templateId: idSchema });
export const questionListQuerySchema = templateQuerySchema.extend({ sectionId: partIdSchema.optional() });
export type QuestionListQuery = z.infer<typeof questionListQuerySchema>;

export const createSectionBodySchema = z.object({
  templateId: idSchema,
  title: requiredText('Section title', 120),
  questions: z.array(questionSchema).min(1, schemaMessages.questionPerSection).max(50, schemaMessages.questionsAtMost),
});
export type CreateSectionBody = z.infer<typeof createSectionBodySchema>;
export const updateSectionBodySchema = z.object({ templateId: idSchema, title: requiredText('Section title', 120) });
export type UpdateSectionBody = z.infer<typeof updateSectionBodySchema>;

/** A question's own fields, with the template (and, to add one, the section) it belongs to. */
export const createQuestionBodySchema = questionSchema.safeExtend({ templateId: idSchema, sectionId: partIdSchema });
export type CreateQuestionBody = z.infer<typeof createQuestionBodySchema>;
export const updateQuestionBodySchema = questionSchema.safeExtend({ templateId: idSchema });
export type UpdateQuestionBody = z.infer<typeof updateQuestionBodySchema>;

export const templateSectionSchema = storedSectionSchema.extend({ templateId: z.string() });
export type TemplateSection = z.infer<typeof templateSectionSchema>;
export const templateSectionListSchema = z.object({ items: z.array(templateSectionSchema) });
export const templateSectionSavedSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), section: templateSectionSchema });

export const templateQuestionSchema = storedQuestionSchema.extend({ templateId: z.string(), sectionId: z.string() });
export type TemplateQuestion = z.infer<typeof templateQuestionSchema>;
export const templateQuestionListSchema = z.object({ items: z.array(templateQuestionSchema) });
export const templateQuestionSavedSchema = z.object({ responseCode: z.number().int(), msg: z.array(z.string()), question: templateQuestionSchema });
