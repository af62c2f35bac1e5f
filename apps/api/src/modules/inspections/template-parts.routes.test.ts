import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import { activityLogs, inspectionTemplates } from '../../db/schema/index.ts';

type Question = { id: string; sectionId: string; text: string; kind: string; min: number | null; max: number | null; opensMaintenance: boolean };
type Section = { id: string; templateId: string; title: string; questions: Question[] };
type Answer = {
  msg: string[];
  code?: string;
  items: (Section | Question)[];
  section: Section;
  question: Question;
  template: { sections: Section[] };
};

describe('inspection sections and questions (spec section 7 names) over the template rows', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let oak: string;
  let sf: string;
  beforeAll(async () => {
    t = await createTestApp();
    for (const type of ['Admin', 'MobileAdmin', 'ReadonlyAdmin', 'SuperAdmin'] as const) tokens[type] = (await loginAs(t.app, type)).access_token;
    const ids = await demoLocationIds(t.database.db);
    oak = ids['oak-jack-london']!;
    sf = ids['sf-embarcadero']!;
  });
  afterAll(() => t.close());

  const call = async (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const response = await t.app.inject(authed(tokens[who]!, { method, url, ...(payload ? { payload } : {}) }));
    return { status: response.statusCode, body: response.json<Answer>() };
  };
  const makeTemplate = async (locationId: string) => {
    const created = await call('SuperAdmin', 'POST', '/web/inspection-templates', {
      locationId,
      name: 'Site walk',
      target: 'location',
      sections: [{ title: 'Cable', questions: [{ text: 'Cable intact?', kind: 'yes-no', opensMaintenance: false }] }],
    });
    expect(created.status).toBe(201);
    return created.body.template as unknown as { id: string; sections: Section[] };
  };
  const auditOf = async (templateId: string) =>
    (
      await t.database.db
        .select()
        .from(activityLogs)
        .where(and(eq(activityLogs.entityId, templateId), eq(activityLogs.entity, 'inspection_template')))
    )
      .map((row) => row.action)
      .sort();

  it('adds, renames and removes sections and questions; the whole template shows each change, one audit row each', async () => {
    const template = await makeTemplate(sf);
    const first = template.sections[0]!;
    const added = await call('Admin', 'POST', '/web/sections', {
      templateId: template.id,
      title: 'Display',
      questions: [{ text: 'Screen readable?', kind: 'yes-no' }],
    });
    expect(added).toMatchObject({ status: 201, body: { msg: ['Section added'], section: { templateId: template.id, title: 'Display' } } });
    const section = added.body.section;
    expect(section.id).toMatch(/^[0-9a-f]{8}$/);

    const question = await call('Admin', 'POST', '/web/questions', {
      templateId: template.id,
      sectionId: section.id,
      text: 'Brightness (nits)',
      kind: 'number',
      min: 200,
      max: 1000,
    });
    expect(question).toMatchObject({ status: 201, body: { question: { sectionId: section.id, kind: 'number', min: 200, max: 1000 } } });
    const questionId = question.body.question.id;

    expect(
      (await call('Admin', 'PUT', `/web/sections/${first.id}`, { templateId: template.id, title: 'Cable and holster' })).body.section,
    ).toMatchObject({
      id: first.id,
      title: 'Cable and holster',
      questions: first.questions,
    });
    expect(
      (await call('Admin', 'PUT', `/web/questions/${questionId}`, { templateId: template.id, text: 'Brightness', kind: 'text', min: 1 })).body
        .question,
    ).toEqual({
      id: questionId,
      templateId: template.id,
      sectionId: section.id,
      text: 'Brightness',
      kind: 'text',
      min: null,
      max: null,
      opensMaintenance: false,
    });

    const listed = await call('ReadonlyAdmin', 'GET', `/web/questions?templateId=${template.id}&sectionId=${section.id}`);
    expect(listed.body.items.map((item) => (item as Question).text)).toEqual(['Screen readable?', 'Brightness']);
    expect((await call('ReadonlyAdmin', 'GET', `/web/questions?templateId=${template.id}`)).body.items).toHaveLength(3);

    expect((await call('Admin', 'DELETE', `/web/questions/${questionId}?templateId=${template.id}`)).body.msg).toEqual(['Question removed']);
    expect((await call('Admin', 'DELETE', `/web/sections/${first.id}?templateId=${template.id}`)).body.msg).toEqual(['Section removed']);
    const sections = (await call('ReadonlyAdmin', 'GET', `/web/sections?templateId=${template.id}`)).body.items as Section[];
    expect(sections.map((item) => [item.id, item.title, item.questions.length])).toEqual([[section.id, 'Display', 1]]);
    const [row] = await t.database.db.select().from(inspectionTemplates).where(eq(inspectionTemplates.id, template.id));
    expect(row!.sections).toEqual(sections.map(({ templateId: _templateId, ...stored }) => stored));
    expect(await auditOf(template.id)).toEqual([
      'inspection_question.added',
      'inspection_question.removed',
      'inspection_question.updated',
      'inspection_section.added',
      'inspection_section.removed',
      'inspection_section.updated',
      'inspection_template.created',
    ]);
  });

  it('keeps a template whole: its last section and a section’s last question stay, limits and messages as for a whole template', async () => {
    const template = await makeTemplate(sf);
    const [section] = template.sections;
    expect(await call('Admin', 'DELETE', `/web/sections/${section!.id}?templateId=${template.id}`)).toMatchObject({
      status: 409,
      body: { code: 'INSPECTION_TEMPLATE_LIMIT' },
    });
    expect(await call('Admin', 'DELETE', `/web/questions/${section!.questions[0]!.id}?templateId=${template.id}`)).toMatchObject({
      status: 409,
      body: { code: 'INSPECTION_TEMPLATE_LIMIT', msg: ['Each section keeps at least one question; remove the section instead'] },
    });
    const invalid = await call('Admin', 'POST', '/web/questions', {
      templateId: template.id,
      sectionId: section!.id,
      text: ' ',
      kind: 'radio',
      min: 5,
      max: 1,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.msg).toEqual(expect.arrayContaining(['Question Field is required', 'Kind must be yes-no, number, text or photo']));
    expect((await call('Admin', 'POST', '/web/sections', { templateId: template.id, title: 'Empty', questions: [] })).body.msg).toEqual(
      expect.arrayContaining(['Add at least one question to each section']),
    );
    expect(await call('Admin', 'PUT', `/web/sections/nope?templateId=${template.id}`, { templateId: template.id, title: 'X' })).toMatchObject({
      status: 404,
      body: { code: 'INSPECTION_SECTION_NOT_FOUND' },
    });
    expect(await call('Admin', 'GET', `/web/questions?templateId=${template.id}&sectionId=nope`)).toMatchObject({ status: 404 });
    expect(await call('Admin', 'DELETE', `/web/questions/nope?templateId=${template.id}`)).toMatchObject({
      status: 404,
      body: { code: 'INSPECTION_QUESTION_NOT_FOUND' },
    });
    expect(await call('Admin', 'GET', '/web/sections?templateId=00000000-0000-4000-8000-000000000000')).toMatchObject({
      status: 404,
      body: { code: 'INSPECTION_TEMPLATE_NOT_FOUND' },
    });
    expect(await auditOf(template.id)).toEqual(['inspection_template.created']);
  });

  it('refuses archived templates, other locations, and types without the template permission', async () => {
    const template = await makeTemplate(oak);
    const section = template.sections[0]!;
    expect((await call('MobileAdmin', 'GET', `/web/sections?templateId=${template.id}`)).status).toBe(200);
    expect((await call('MobileAdmin', 'PUT', `/web/sections/${section.id}`, { templateId: template.id, title: 'X' })).status).toBe(403);
    // Admin reaches San Francisco only.
    expect(await call('Admin', 'GET', `/web/sections?templateId=${template.id}`)).toMatchObject({
      status: 403,
      body: { code: 'LOCATION_FORBIDDEN' },
    });
    expect((await call('SuperAdmin', 'POST', `/web/inspection-templates/${template.id}/archive`)).status).toBe(200);
    expect(await call('SuperAdmin', 'PUT', `/web/sections/${section.id}`, { templateId: template.id, title: 'X' })).toMatchObject({
      status: 409,
      body: { code: 'INSPECTION_TEMPLATE_ARCHIVED' },
    });
    expect((await call('SuperAdmin', 'GET', `/web/sections?templateId=${template.id}`)).body.items).toHaveLength(1);
  });
});
