import multipart from '@fastify/multipart';
import {
  AppError,
  createInspectionTemplateBodySchema,
  idSchema,
  inspectionRecordListSchema,
  inspectionTemplateBodySchema,
  inspectionTemplateListQuerySchema,
  inspectionTemplateListSchema,
  inspectionTemplateSavedSchema,
  locationIdQuerySchema,
  MAX_UPLOAD_BYTES,
  recordBodySchema,
  recordPhotoSchema,
  recordSavedSchema,
} from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { binaryResponse, errorResponses } from '../../lib/route-schemas.ts';
import type { InspectionsService } from './inspections.service.ts';

const tags = ['inspections'];
const idParams = z.object({ id: idSchema });
const photoParams = z.object({ photoId: z.string().max(40) });

/** The photo of a photo question: 2 MB at most while it streams, the spec's photo message past it. */
const readPhoto = async (request: FastifyRequest): Promise<Buffer> => {
  const missing = () => new AppError('DOCUMENT_FILE_REQUIRED', { messages: ['Unable to upload your document', 'Choose a photo to upload'] });
  if (!request.isMultipart()) throw missing();
  const file = await request.file();
  if (!file) throw missing();
  try {
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw new AppError('PHOTO_TOO_LARGE');
    if (bytes.length === 0) throw missing();
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PHOTO_TOO_LARGE');
    throw error;
  }
};

/** Inspections (spec endpoints records, sections, questions): templates of sections and questions, completed records. */
export const inspectionsRoutes = async (app: FastifyInstance, { inspections }: { inspections: InspectionsService }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 1, parts: 2 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/inspection-templates', {
    config: { access: { permission: 'Inspections_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Inspection templates of a location: active ones unless status asks for archived or all',
      querystring: inspectionTemplateListQuerySchema,
      response: { 200: inspectionTemplateListSchema, ...errorResponses },
    },
    handler: (request) => inspections.templates(request.query.locationId, request.query.status),
  });

  r.post('/inspection-templates', {
    config: { access: { permission: 'Inspection_Templates_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Create a template of sections and questions',
      body: createInspectionTemplateBodySchema,
      response: { 201: inspectionTemplateSavedSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await inspections.createTemplate(actorOf(request), request.body)),
  });

  r.put('/inspection-templates/:id', {
    config: { access: { permission: 'Inspection_Templates_Update' } },
    schema: {
      tags,
      summary: 'Change a template (ids of kept sections and questions stay)',
      params: idParams,
      body: inspectionTemplateBodySchema,
      response: { 200: inspectionTemplateSavedSchema, ...errorResponses },
    },
    handler: (request) => inspections.updateTemplate(authOf(request), actorOf(request), request.params.id, request.body),
  });

  r.post('/inspection-templates/:id/archive', {
    config: { access: { permission: 'Inspection_Templates_Update' } },
    schema: {
      tags,
      summary: 'Archive a template: read-only, not offered for new inspections; its records stay as they are',
      params: idParams,
      response: { 200: inspectionTemplateSavedSchema, ...errorResponses },
    },
    handler: (request) => inspections.archiveTemplate(authOf(request), actorOf(request), request.params.id),
  });

  r.post('/inspection-templates/:id/restore', {
    config: { access: { permission: 'Inspection_Templates_Update' } },
    schema: {
      tags,
      summary: 'Restore an archived template: it can be changed and filled in again',
      params: idParams,
      response: { 200: inspectionTemplateSavedSchema, ...errorResponses },
    },
    handler: (request) => inspections.restoreTemplate(authOf(request), actorOf(request), request.params.id),
  });

  r.get('/records', {
    config: { access: { permission: 'Inspections_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Completed inspections of a location, newest first',
      querystring: locationIdQuerySchema,
      response: { 200: inspectionRecordListSchema, ...errorResponses },
    },
    handler: (request) => inspections.records(request.query.locationId),
  });

  r.post('/records', {
    config: { access: { permission: 'Inspections_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Complete an inspection; a failed answer of a maintenance question puts the charger in maintenance',
      body: recordBodySchema,
      response: { 201: recordSavedSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await inspections.complete(authOf(request), actorOf(request), request.body)),
  });

  r.post('/records/photos', {
    config: { access: { permission: 'Inspections_Update', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Upload the photo of a photo question (multipart: file); answer the question with the photoId',
      consumes: ['multipart/form-data'],
      querystring: locationIdQuerySchema,
      body: z.object({ file: z.string().meta({ format: 'binary', description: 'PNG, JPEG or WebP, at most 2 MB' }) }),
      response: { 201: recordPhotoSchema, ...errorResponses },
    },
    validatorCompiler: (route) =>
      route.httpPart === 'body' ? () => true : zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]),
    handler: async (request, reply) => reply.code(201).send(await inspections.uploadPhoto(request.query.locationId, await readPhoto(request))),
  });

  r.get('/records/photos/:photoId', {
    config: { access: { permission: 'Inspections_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'A photo answer',
      params: photoParams,
      querystring: locationIdQuerySchema,
      response: { 200: binaryResponse('The re-encoded image'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const photo = await inspections.photo(request.query.locationId, request.params.photoId);
      return reply.type(photo.contentType).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(photo.body);
    },
  });
};
