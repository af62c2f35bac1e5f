import {
  AppError,
  type CreateQuestionBody,
  type CreateSectionBody,
  type InspectionTemplateBody,
  type TemplateQuestion,
  type TemplateSection,
  type UpdateQuestionBody,
  type UpdateSectionBody,
} from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { StoredQuestion, StoredSection } from '../../db/schema/field-work.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { withIds } from './inspection-answers.ts';
import * as repo from './inspections.repository.ts';

const MAX_SECTIONS = 20;
const MAX_QUESTIONS = 50;

const sectionView = (templateId: string, section: StoredSection): TemplateSection => ({ templateId, ...section });
const questionView = (templateId: string, sectionId: string, question: StoredQuestion): TemplateQuestion => ({
  templateId,
  sectionId,
  ...question,
});

/** Sections as a whole-template edit sends them: new parts have no id yet, withIds gives them one. */
type Draft = InspectionTemplateBody['sections'];
type Part = { id?: string | undefined };

const sectionIndex = (sections: readonly Part[], id: string) => {
  const index = sections.findIndex((section) => section.id === id);
  if (index < 0) throw new AppError('INSPECTION_SECTION_NOT_FOUND');
  return index;
};
const questionAt = <S extends { questions: Part[] }>(sections: readonly S[], id: string) => {
  for (const [s, section] of sections.entries()) {
    const q = section.questions.findIndex((question) => question.id === id);
    if (q >= 0) return { s, q, section, question: section.questions[q]! as S['questions'][number] };
  }
  throw new AppError('INSPECTION_QUESTION_NOT_FOUND');
};
const limit = (message: string) => new AppError('INSPECTION_TEMPLATE_LIMIT', { messages: [message] });
const question = (body: Omit<UpdateQuestionBody, 'templateId'>, id?: string) => ({
  ...(id ? { id } : {}),
  text: body.text,
  kind: body.kind,
  min: body.min ?? null,
  max: body.max ?? null,
  opensMaintenance: body.opensMaintenance,
});

/**
 * The spec's "sections" and "questions": one part of a template at a time. Every change goes through the same
 * locked write as a whole-template edit (ids kept, archived templates refused) with one activity row.
 */
export const createTemplateParts = ({ db }: { db: Database }) => {
  const readable = async (auth: AuthContext, templateId: string) => {
    const template = await repo.findTemplate(db, templateId);
    if (!template) throw new AppError('INSPECTION_TEMPLATE_NOT_FOUND');
    assertLocationAccess(auth, template.locationId);
    return template;
  };

  /** Locks the template, applies `change` to its sections and logs it; answers the sections after. */
  const write = async (
    auth: AuthContext,
    actor: Actor,
    templateId: string,
    action: string,
    change: (sections: Draft) => { sections: Draft; before: unknown; after: (sections: StoredSection[]) => unknown },
  ) =>
    db.transaction(async (tx) => {
      const template = await repo.findTemplateForUpdate(tx, templateId);
      if (!template) throw new AppError('INSPECTION_TEMPLATE_NOT_FOUND');
      assertLocationAccess(auth, template.locationId);
      if (template.archived) throw new AppError('INSPECTION_TEMPLATE_ARCHIVED');
      const changed = change(structuredClone(template.sections));
      const sections = withIds(changed.sections, template.sections);
      await repo.updateTemplate(tx, templateId, { sections });
      const [entity] = action.split('.');
      await recordActivity(tx, actor, {
        action,
        entity: 'inspection_template',
        entityId: templateId,
        locationId: template.locationId,
        changes: { [entity === 'inspection_section' ? 'section' : 'question']: { before: changed.before, after: changed.after(sections) } },
      });
      return { before: template.sections, sections };
    });

  const sections = async (auth: AuthContext, templateId: string) => ({
    items: (await readable(auth, templateId)).sections.map((section) => sectionView(templateId, section)),
  });

  const questions = async (auth: AuthContext, templateId: string, sectionId?: string) => {
    const template = await readable(auth, templateId);
    const picked = sectionId ? [template.sections[sectionIndex(template.sections, sectionId)]!] : template.sections;
    return { items: picked.flatMap((section) => section.questions.map((q) => questionView(templateId, section.id, q))) };
  };

  const addSection = async (auth: AuthContext, actor: Actor, body: CreateSectionBody) => {
    const { before, sections } = await write(auth, actor, body.templateId, 'inspection_section.added', (current) => {
      if (current.length >= MAX_SECTIONS) throw limit(`At most ${MAX_SECTIONS} sections`);
      return {
        sections: [...current, { title: body.title, questions: body.questions.map((q) => question(q)) }],
        before: null,
        after: (after) => after.at(-1),
      };
    });
    const known = new Set(before.map((section) => section.id));
    const added = sections.find((section) => !known.has(section.id))!;
    return { responseCode: 201, msg: ['Section added'], section: sectionView(body.templateId, added) };
  };

  const updateSection = async (auth: AuthContext, actor: Actor, id: string, body: UpdateSectionBody) => {
    const { sections } = await write(auth, actor, body.templateId, 'inspection_section.updated', (current) => {
      const index = sectionIndex(current, id);
      const before = { id, title: current[index]!.title };
      current[index] = { ...current[index]!, title: body.title };
      return { sections: current, before, after: () => ({ id, title: body.title }) };
    });
    return { responseCode: 200, msg: ['Section saved'], section: sectionView(body.templateId, sections[sectionIndex(sections, id)]!) };
  };

  const removeSection = async (auth: AuthContext, actor: Actor, id: string, templateId: string) => {
    await write(auth, actor, templateId, 'inspection_section.removed', (current) => {
      const index = sectionIndex(current, id);
      if (current.length === 1) throw limit('A template keeps at least one section; remove the template’s last section by archiving the template');
      const [removed] = current.splice(index, 1);
      return { sections: current, before: removed, after: () => null };
    });
    return { responseCode: 200, msg: ['Section removed'] };
  };

  const addQuestion = async (auth: AuthContext, actor: Actor, body: CreateQuestionBody) => {
    const { before, sections } = await write(auth, actor, body.templateId, 'inspection_question.added', (current) => {
      const section = current[sectionIndex(current, body.sectionId)]!;
      if (section.questions.length >= MAX_QUESTIONS) throw limit(`At most ${MAX_QUESTIONS} questions in a section`);
      section.questions.push(question(body));
      return { sections: current, before: null, after: (after) => after[sectionIndex(after, body.sectionId)]!.questions.at(-1) };
    });
    const known = new Set(before.flatMap((section) => section.questions.map((q) => q.id)));
    const section = sections[sectionIndex(sections, body.sectionId)]!;
    const added = section.questions.find((q) => !known.has(q.id))!;
    return { responseCode: 201, msg: ['Question added'], question: questionView(body.templateId, section.id, added) };
  };

  const updateQuestion = async (auth: AuthContext, actor: Actor, id: string, body: UpdateQuestionBody) => {
    const { sections } = await write(auth, actor, body.templateId, 'inspection_question.updated', (current) => {
      const at = questionAt(current, id);
      at.section.questions[at.q] = question(body, id);
      return { sections: current, before: at.question, after: (after) => questionAt(after, id).question };
    });
    const at = questionAt(sections, id);
    return { responseCode: 200, msg: ['Question saved'], question: questionView(body.templateId, at.section.id, at.question) };
  };

  const removeQuestion = async (auth: AuthContext, actor: Actor, id: string, templateId: string) => {
    await write(auth, actor, templateId, 'inspection_question.removed', (current) => {
      const at = questionAt(current, id);
      if (at.section.questions.length === 1) throw limit('Each section keeps at least one question; remove the section instead');
      at.section.questions.splice(at.q, 1);
      return { sections: current, before: at.question, after: () => null };
    });
    return { responseCode: 200, msg: ['Question removed'] };
  };

  return { sections, questions, addSection, updateSection, removeSection, addQuestion, updateQuestion, removeQuestion };
};

export type TemplateParts = ReturnType<typeof createTemplateParts>;
