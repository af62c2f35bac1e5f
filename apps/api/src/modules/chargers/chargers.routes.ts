import multipart from '@fastify/multipart';
import {
  AppError,
  BATCH_COLUMNS,
  BATCH_MAX_ROWS,
  batchErrorResponseSchema,
  batchResultSchema,
  chargerIdParamsSchema,
  chargerListQuerySchema,
  chargerListResponseSchema,
  chargerSchema,
  createdChargerSchema,
  ocppPasswordResponseSchema,
  createChargerBodySchema,
  idSchema,
  MAX_UPLOAD_BYTES,
  moveChargerBodySchema,
  okResponseSchema,
  updateChargerBodySchema,
  fieldLabels,
  schemaPatterns,
} from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ChargersService } from './chargers.service.ts';

const tags = ['chargers'];

/** The CSV of a charger batch and the location it goes to, from a multipart form (file + locationId). */
const readBatchUpload = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw new AppError('BATCH_FILE_REQUIRED');
  const file = await request.file();
  if (!file) throw new AppError('BATCH_FILE_REQUIRED');
  const csv = await file.toBuffer();
  const field = file.fields.locationId;
  const locationId = field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '';
  const parsedId = idSchema.safeParse(locationId);
  if (!parsedId.success) throw new AppError('VALIDATION_FAILED', { messages: [schemaPatterns.requiredBeforeFile(fieldLabels.locationId)] });
  return { locationId: parsedId.data, csv };
};

/** The multipart form of a batch, for the OpenAPI document. */
const batchUploadDocSchema = z.object({
  locationId: idSchema.meta({ description: 'The location the chargers go to; send this part before the file' }),
  file: z.string().meta({
    format: 'binary',
    description: `CSV: a header row of ${BATCH_COLUMNS.join(', ')}, then at most ${BATCH_MAX_ROWS} chargers; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
  }),
});

export const chargersRoutes = async (app: FastifyInstance, { chargers }: { chargers: ChargersService }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/chargers', {
    config: { access: { permission: 'Chargers_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Chargers of one location, or of every location in reach, with status counts',
      querystring: chargerListQuerySchema,
      response: { 200: chargerListResponseSchema, ...errorResponses },
    },
    handler: (request) => chargers.list(authOf(request), request.query),
  });

  r.get('/chargers/:id', {
    config: { access: { permission: 'Chargers_View' } },
    schema: { tags, summary: 'One charger', params: chargerIdParamsSchema, response: { 200: chargerSchema, ...errorResponses } },
    handler: (request) => chargers.get(authOf(request), request.params.id),
  });

  r.post('/chargers', {
    config: { access: { permission: 'Chargers_Create', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Register a charger at a location; answers its OCPP password once',
      body: createChargerBodySchema,
      response: { 201: createdChargerSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await chargers.create(actorOf(request), request.body)),
  });

  r.patch('/chargers/:id', {
    config: { access: { permission: 'Chargers_Update' } },
    schema: {
      tags,
      summary: 'Rename a charger or change its details',
      params: chargerIdParamsSchema,
      body: updateChargerBodySchema,
      response: { 200: chargerSchema, ...errorResponses },
    },
    handler: (request) => chargers.update(authOf(request), actorOf(request), request.params.id, request.body),
  });

  r.post('/chargers/:id/move', {
    config: { access: { permission: 'Chargers_Move', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Move a charger to another location',
      params: chargerIdParamsSchema,
      body: moveChargerBodySchema,
      response: { 200: chargerSchema, ...errorResponses },
    },
    handler: (request) => chargers.move(authOf(request), actorOf(request), request.params.id, request.body.locationId),
  });

  r.post('/chargers/:id/ocpp-password', {
    config: { access: { permission: 'Chargers_Update' } },
    schema: {
      tags,
      summary: 'Give the charger a new OCPP password (answered once); the old one stops working',
      params: chargerIdParamsSchema,
      response: { 200: ocppPasswordResponseSchema, ...errorResponses },
    },
    handler: async (request) => ({
      responseCode: 200,
      msg: ['New OCPP password set. Configure it on the charger now; it is not shown again'],
      ocppPassword: await chargers.rotateOcppPassword(authOf(request), actorOf(request), request.params.id),
    }),
  });

  r.delete('/chargers/:id', {
    config: { access: { permission: 'Chargers_Delete' } },
    schema: { tags, summary: 'Remove a charger', params: chargerIdParamsSchema, response: { 200: okResponseSchema, ...errorResponses } },
    handler: async (request) => {
      await chargers.remove(authOf(request), actorOf(request), request.params.id);
      return { responseCode: 200, msg: ['Charger deleted'] };
    },
  });

  r.post('/chargers/batch', {
    config: { access: { permission: 'Charger_Batch' } },
    schema: {
      tags,
      summary: 'Register chargers from a CSV file (multipart: locationId, then file); all rows or none',
      consumes: ['multipart/form-data'],
      body: batchUploadDocSchema,
      response: { ...errorResponses, 201: batchResultSchema, 400: batchErrorResponseSchema },
    },
    // The body schema only documents the form: a multipart body is read as a stream by readBatchUpload,
    // which checks both parts itself, and Fastify has no parsed body to hand a validator.
    validatorCompiler: () => () => true,
    handler: async (request, reply) => {
      const { locationId, csv } = await readBatchUpload(request);
      return reply.code(201).send(await chargers.batchCreate(authOf(request), actorOf(request), locationId, csv));
    },
  });
};
