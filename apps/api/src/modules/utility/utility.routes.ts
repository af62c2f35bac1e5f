import multipart from '@fastify/multipart';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import {
  AppError,
  billFileParamsSchema,
  billsQuerySchema,
  billsResponseSchema,
  createUtilityConfigBodySchema,
  energyDataQuerySchema,
  energyDataResponseSchema,
  energyImportResultSchema,
  idSchema,
  locationIdQuerySchema,
  MAX_UPLOAD_BYTES,
  okResponseSchema,
  saveBillsBodySchema,
  utilityConfigBodySchema,
  utilityConfigListSchema,
  utilityConfigParamsSchema,
  utilityConfigSavedSchema,
  type ErrorCode,
  fieldLabels,
  schemaPatterns,
} from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { binaryResponse, errorResponses } from '../../lib/route-schemas.ts';
import type { UtilityService } from './utility.service.ts';

const tags = ['utility'];

/** One file (and the text fields before it) from a multipart form; size is capped while it streams (2 MB). */
const readUpload = async (request: FastifyRequest, missing: ErrorCode) => {
  if (!request.isMultipart()) throw new AppError(missing);
  const file = await request.file();
  if (!file) throw new AppError(missing);
  const bytes = await file.toBuffer();
  const field = (name: string) => {
    const value = file.fields[name];
    return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : undefined;
  };
  return { name: file.filename, bytes, field };
};

const fileDoc = (description: string, extra: Record<string, z.ZodType> = {}) =>
  z.object({ ...extra, file: z.string().meta({ format: 'binary', description: `${description}; at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB` }) });

/** Menu utility-info: utility config (accounts and meters), bills, energy data. */
export const utilityRoutes = async (app: FastifyInstance, { utility }: { utility: UtilityService }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ok = { 200: okResponseSchema, ...errorResponses };

  r.get('/utility-config', {
    config: { access: { permission: 'Utility_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Utility accounts of a location with their meters',
      querystring: locationIdQuerySchema,
      response: { 200: utilityConfigListSchema, ...errorResponses },
    },
    handler: (request) => utility.list(request.query.locationId),
  });

  r.post('/utility-config', {
    config: { access: { permission: 'Utility_Config_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Add a utility account (provider, account number, rate schedule, meters)',
      body: createUtilityConfigBodySchema,
      response: { 201: utilityConfigSavedSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await utility.create(actorOf(request), request.body)),
  });

  r.put('/utility-config/:id', {
    config: { access: { permission: 'Utility_Config_Update' } },
    schema: {
      tags,
      summary: 'Change a utility account',
      params: utilityConfigParamsSchema,
      body: utilityConfigBodySchema,
      response: { 200: utilityConfigSavedSchema, ...errorResponses },
    },
    handler: (request) => utility.update(authOf(request), actorOf(request), request.params.id, request.body),
  });

  r.delete('/utility-config/:id', {
    config: { access: { permission: 'Utility_Config_Update' } },
    schema: { tags, summary: 'Remove a utility account with its bills and interval data', params: utilityConfigParamsSchema, response: ok },
    handler: (request) => utility.remove(authOf(request), actorOf(request), request.params.id),
  });

  r.get('/bills', {
    config: { access: { permission: 'Utility_View' } },
    schema: {
      tags,
      summary: 'A year of monthly bills of a utility account (January to December)',
      querystring: billsQuerySchema,
      response: { 200: billsResponseSchema, ...errorResponses },
    },
    handler: (request) => utility.bills(authOf(request), request.query.utilityConfigId, request.query.year),
  });

  r.put('/bills', {
    config: { access: { permission: 'Utility_Bills_Upload' } },
    schema: { tags, summary: 'Monthly kWh and amounts (minor units) of a utility account for a year', body: saveBillsBodySchema, response: ok },
    handler: (request) => utility.saveBills(authOf(request), actorOf(request), request.body),
  });

  r.post('/bills/:utilityConfigId/:year/:month/file', {
    config: { access: { permission: 'Utility_Bills_Upload' } },
    schema: {
      tags,
      summary: 'Upload the month’s bill (PDF, multipart field file)',
      consumes: ['multipart/form-data'],
      params: billFileParamsSchema,
      body: fileDoc('The bill as a PDF'),
      response: ok,
    },
    // The body schema documents the form; readUpload reads it from the stream. The path is checked as everywhere
    // else, so a bad month or id is a 400 with its message, not a parse error in the handler.
    validatorCompiler: (route) =>
      route.httpPart === 'body' ? () => true : zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]),
    handler: async (request) => {
      const params = request.params;
      const upload = await readUpload(request, 'BILL_FILE_REQUIRED');
      return utility.uploadBill(authOf(request), actorOf(request), params, upload);
    },
  });

  r.get('/bills/:utilityConfigId/:year/:month/file', {
    config: { access: { permission: 'Utility_View' } },
    schema: {
      tags,
      summary: 'Download the month’s bill',
      params: billFileParamsSchema,
      response: { 200: binaryResponse('The bill as application/pdf'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const file = await utility.billFile(authOf(request), request.params);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${file.name.replace(/"/g, '')}"`)
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  });

  r.post('/energy-data', {
    config: { access: { permission: 'Utility_Bills_Upload' } },
    schema: {
      tags,
      summary: 'Import 15-minute interval kWh (CSV as utilities export it; multipart: utilityConfigId, optional meter, then file)',
      consumes: ['multipart/form-data'],
      body: fileDoc('CSV with DATE, START TIME and USAGE (kWh) columns', { utilityConfigId: idSchema, meter: z.string().optional() }),
      response: { 200: energyImportResultSchema, ...errorResponses },
    },
    validatorCompiler: () => () => true,
    handler: async (request) => {
      const upload = await readUpload(request, 'ENERGY_FILE_REQUIRED');
      const id = idSchema.safeParse(upload.field('utilityConfigId') ?? '');
      if (!id.success) throw new AppError('VALIDATION_FAILED', { messages: [schemaPatterns.requiredBeforeFile(fieldLabels.utilityConfigId)] });
      return utility.importEnergy(authOf(request), actorOf(request), id.data, upload.field('meter'), upload.bytes.toString('utf8'));
    },
  });

  r.get('/energy-data', {
    config: { access: { permission: 'Utility_View' } },
    schema: {
      tags,
      summary: 'Hourly utility kWh against the chargers’ own consumption, over local days',
      querystring: energyDataQuerySchema,
      response: { 200: energyDataResponseSchema, ...errorResponses },
    },
    handler: (request) => utility.energy(authOf(request), request.query),
  });
};
