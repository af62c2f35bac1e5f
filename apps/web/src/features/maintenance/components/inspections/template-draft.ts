import type { InspectionTemplate, InspectionTemplateBody } from '@wattdesk/shared/schemas/inspections';
import type { QuestionDraft } from './question-editor.tsx';

export type SectionDraft = { id?: string; title: string; questions: QuestionDraft[] };
export type TemplateDraft = { name: string; target: 'charger' | 'location'; sections: SectionDraft[] };

export const newQuestion = (): QuestionDraft => ({ text: '', kind: 'yes-no', min: '', max: '', opensMaintenance: false });
export const newSection = (): SectionDraft => ({ title: '', questions: [newQuestion()] });

/** The editor's draft of a stored template (ids kept, so older records still match their questions). */
export const draftOf = (template: InspectionTemplate | null): TemplateDraft =>
  template
    ? {
        name: template.name,
        target: template.target,
        sections: template.sections.map((section) => ({
          id: section.id,
          title: section.title,
          questions: section.questions.map((question) => ({
            id: question.id,
            text: question.text,
            kind: question.kind,
            min: typeof question.min === 'number' ? String(question.min) : '',
            max: typeof question.max === 'number' ? String(question.max) : '',
            opensMaintenance: question.opensMaintenance,
          })),
        })),
      }
    : { name: '', target: 'charger', sections: [newSection()] };

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** What is sent; the shared schema then checks it exactly as the server will. */
export const bodyOf = (draft: TemplateDraft): InspectionTemplateBody => ({
  name: draft.name,
  target: draft.target,
  sections: draft.sections.map((section) => ({
    ...(section.id ? { id: section.id } : {}),
    title: section.title,
    questions: section.questions.map((question) => ({
      ...(question.id ? { id: question.id } : {}),
      text: question.text,
      kind: question.kind,
      min: question.kind === 'number' ? numberOrNull(question.min) : null,
      max: question.kind === 'number' ? numberOrNull(question.max) : null,
      opensMaintenance: (question.kind === 'yes-no' || question.kind === 'number') && question.opensMaintenance,
    })),
  })),
});
