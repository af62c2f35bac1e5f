import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { makeCharger } from '../../../test/charger-fixtures.ts';
import { pngUpload, uploadAsSuperAdmin } from '../../../test/photo-fixtures.ts';
import { inspectionTemplates } from '../../db/schema/index.ts';

type Where = 'insideLocation' | 'outsideLocation';
const sections = [{ id: 's1', title: 'Cable', questions: [{ id: 'q1', text: 'Cable intact?', kind: 'yes-no' as const, opensMaintenance: true }] }];
/** Two sections of two questions: removing one part leaves a template within its limits. */
const roomySections = [
  {
    id: 's1',
    title: 'Cable',
    questions: [sections[0]!.questions[0]!, { id: 'q2', text: 'Holster intact?', kind: 'yes-no' as const, opensMaintenance: false }],
  },
  { id: 's2', title: 'Signage', questions: [{ id: 'q3', text: 'Sign visible?', kind: 'yes-no' as const, opensMaintenance: false }] },
];
const question = { text: 'Screen readable?', kind: 'yes-no' as const, opensMaintenance: false };
const body = { name: 'Monthly check', target: 'charger' as const, sections };

/** A template made for one call at the location asked for. */
const makeTemplate = async (ctx: ExampleContext, where: Where, archived = false) => {
  const [row] = await ctx.db
    .insert(inspectionTemplates)
    .values({ locationId: ctx[where]!, name: 'Monthly check', target: 'charger', sections: roomySections, archived })
    .returning({ id: inspectionTemplates.id });
  return row!.id;
};

const byLocation = (route: AccessExample['route'], build: (ctx: ExampleContext, where: Where) => Promise<object> | object): AccessExample => ({
  route,
  request: async (ctx) => build(ctx, 'insideLocation'),
  outside: async (ctx) => build(ctx, 'outsideLocation'),
});

export const accessExamples: AccessExample[] = [
  byLocation('GET /web/inspection-templates', (ctx, where) => ({ query: { locationId: ctx[where]! } })),
  byLocation('POST /web/inspection-templates', (ctx, where) => ({ payload: { ...body, locationId: ctx[where]! } })),
  byLocation('PUT /web/inspection-templates/:id', async (ctx, where) => ({ params: { id: await makeTemplate(ctx, where) }, payload: body })),
  byLocation('POST /web/inspection-templates/:id/archive', async (ctx, where) => ({ params: { id: await makeTemplate(ctx, where) } })),
  byLocation('POST /web/inspection-templates/:id/restore', async (ctx, where) => ({ params: { id: await makeTemplate(ctx, where, true) } })),
  byLocation('GET /web/records', (ctx, where) => ({ query: { locationId: ctx[where]! } })),
  byLocation('POST /web/records', async (ctx, where) => ({
    payload: {
      templateId: await makeTemplate(ctx, where),
      locationId: ctx[where]!,
      chargerId: await makeCharger(ctx.db, ctx[where]!),
      answers: ['q1', 'q2', 'q3'].map((questionId) => ({ questionId, value: true })),
    },
  })),
  byLocation('POST /web/records/photos', async (ctx, where) => ({ query: { locationId: ctx[where]! }, ...(await pngUpload()) })),
  byLocation('GET /web/records/photos/:photoId', async (ctx, where) => {
    const locationId = ctx[where]!;
    const { photoId } = await uploadAsSuperAdmin(ctx.app, 'POST', `/web/records/photos?locationId=${locationId}`);
    return { params: { photoId: String(photoId) }, query: { locationId } };
  }),
  byLocation('GET /web/sections', async (ctx, where) => ({ query: { templateId: await makeTemplate(ctx, where) } })),
  byLocation('POST /web/sections', async (ctx, where) => ({
    payload: { templateId: await makeTemplate(ctx, where), title: 'Lighting', questions: [question] },
  })),
  byLocation('PUT /web/sections/:id', async (ctx, where) => ({
    params: { id: 's1' },
    payload: { templateId: await makeTemplate(ctx, where), title: 'Cable and holster' },
  })),
  byLocation('DELETE /web/sections/:id', async (ctx, where) => ({ params: { id: 's2' }, query: { templateId: await makeTemplate(ctx, where) } })),
  byLocation('GET /web/questions', async (ctx, where) => ({ query: { templateId: await makeTemplate(ctx, where), sectionId: 's1' } })),
  byLocation('POST /web/questions', async (ctx, where) => ({
    payload: { templateId: await makeTemplate(ctx, where), sectionId: 's2', ...question },
  })),
  byLocation('PUT /web/questions/:id', async (ctx, where) => ({
    params: { id: 'q2' },
    payload: { templateId: await makeTemplate(ctx, where), ...question },
  })),
  byLocation('DELETE /web/questions/:id', async (ctx, where) => ({ params: { id: 'q2' }, query: { templateId: await makeTemplate(ctx, where) } })),
];
