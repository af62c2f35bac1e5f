import {
  createQuestionBodySchema,
  createSectionBodySchema,
  okResponseSchema,
  questionListQuerySchema,
  templatePartParamsSchema,
  templateQuerySchema,
  templateQuestionListSchema,
  templateQuestionSavedSchema,
  templateSectionListSchema,
  templateSectionSavedSchema,
  updateQuestionBodySchema,
  updateSectionBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { InspectionsService } from './inspections.service.ts';

const tags = ['inspections'];
const view = { permission: 'Inspections_View' } as const;
const change = { permission: 'Inspection_Templates_Update' } as const;
const ok = { 200: okResponseSchema, ...errorResponses };

/**
 * The spec's endpoint names "sections" and "questions": the parts of an inspection template one at a time, beside
 * the whole-template routes (/inspection-templates). The template's location is checked by the service.
 */
export const templatePartsRoutes = async (app: FastifyInstance, { inspections }: { inspections: InspectionsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sections', {
    config: { access: view },
    schema: {
      tags,
      summary: 'Sections of an inspection template, with their questions',
      querystring: templateQuerySchema,
      response: { 200: templateSectionListSchema, ...errorResponses },
    },
    handler: (request) => inspections.sections(authOf(request), request.query.templateId),
  });
  r.post('/sections', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Add a section (with at least one question) at the end of a template',
      body: createSectionBodySchema,
      response: { 201: templateSectionSavedSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await inspections.addSection(authOf(request), actorOf(request), request.body)),
  });
  r.put('/sections/:id', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Rename a section',
      params: templatePartParamsSchema,
      body: updateSectionBodySchema,
      response: { 200: templateSectionSavedSchema, ...errorResponses },
    },
    handler: (request) => inspections.updateSection(authOf(request), actorOf(request), request.params.id, request.body),
  });
  r.delete('/sections/:id', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Remove a section with its questions; records keep their copy',
      params: templatePartParamsSchema,
      querystring: templateQuerySchema,
      response: ok,
    },
    handler: (request) => inspections.removeSection(authOf(request), actorOf(request), request.params.id, request.query.templateId),
  });

  r.get('/questions', {
    config: { access: view },
    schema: {
      tags,
      summary: 'Questions of a template, or of one of its sections',
      querystring: questionListQuerySchema,
      response: { 200: templateQuestionListSchema, ...errorResponses },
    },
    handler: (request) => inspections.questions(authOf(request), request.query.templateId, request.query.sectionId),
  });
  r.post('/questions', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Add a question at the end of a section',
      body: createQuestionBodySchema,
      response: { 201: templateQuestionSavedSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await inspections.addQuestion(authOf(request), actorOf(request), request.body)),
  });
  r.put('/questions/:id', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Change a question (text, kind, range, whether a failure opens maintenance)',
      params: templatePartParamsSchema,
      body: updateQuestionBodySchema,
      response: { 200: templateQuestionSavedSchema, ...errorResponses },
    },
    handler: (request) => inspections.updateQuestion(authOf(request), actorOf(request), request.params.id, request.body),
  });
  r.delete('/questions/:id', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Remove a question; records keep their copy',
      params: templatePartParamsSchema,
      querystring: templateQuerySchema,
      response: ok,
    },
    handler: (request) => inspections.removeQuestion(authOf(request), actorOf(request), request.params.id, request.query.templateId),
  });
};
