import { randomUUID } from 'node:crypto';
import { isFailedAnswer, type InspectionTemplateBody, type RecordBody } from '@wattdesk/shared';
import type { StoredAnswer, StoredSection } from '../../db/schema/field-work.ts';

const newId = () => randomUUID().slice(0, 8);

/** Sections and questions with ids: those a client sends back (from the template it edited) are kept, new ones get one. */
export const withIds = (sections: InspectionTemplateBody['sections'], known: readonly StoredSection[] = []): StoredSection[] => {
  const knownIds = new Set(known.flatMap((section) => [section.id, ...section.questions.map((question) => question.id)]));
  const used = new Set<string>();
  const pick = (id: string | undefined) => {
    const chosen = id && knownIds.has(id) && !used.has(id) ? id : newId();
    used.add(chosen);
    return chosen;
  };
  return sections.map((section) => ({
    id: pick(section.id),
    title: section.title,
    questions: section.questions.map((question) => ({
      id: pick(question.id),
      text: question.text,
      kind: question.kind,
      min: question.kind === 'number' ? (question.min ?? null) : null,
      max: question.kind === 'number' ? (question.max ?? null) : null,
      opensMaintenance: question.opensMaintenance,
    })),
  }));
};

/** Checks the answers against the template: every question answered with a value of its kind, none unknown. */
export const checkAnswers = (
  sections: readonly StoredSection[],
  answers: RecordBody['answers'],
  hasPhoto: (photoId: string) => boolean,
): { answers: StoredAnswer[]; problems: string[]; opensMaintenance: boolean } => {
  const given = new Map(answers.map((answer) => [answer.questionId, answer.value]));
  const questions = sections.flatMap((section) => section.questions);
  const problems: string[] = [];
  const stored: StoredAnswer[] = [];
  let opensMaintenance = false;
  for (const question of questions) {
    const value = given.get(question.id) ?? null;
    given.delete(question.id);
    const wrong =
      (question.kind === 'yes-no' && typeof value !== 'boolean') ||
      (question.kind === 'number' && typeof value !== 'number') ||
      (question.kind === 'text' && value !== null && typeof value !== 'string') ||
      (question.kind === 'photo' && (typeof value !== 'string' || !hasPhoto(value)));
    if (wrong) {
      const expected = { 'yes-no': 'yes or no', number: 'a number', text: 'text', photo: 'an uploaded photo' }[question.kind];
      problems.push(`${question.text}: answer with ${expected}`);
      continue;
    }
    const failed = isFailedAnswer(question, value);
    if (failed && question.opensMaintenance) opensMaintenance = true;
    stored.push({ questionId: question.id, value, failed });
  }
  if (given.size) problems.push('Some answers are for questions that are not in this template; reload it and try again');
  return { answers: stored, problems, opensMaintenance };
};
