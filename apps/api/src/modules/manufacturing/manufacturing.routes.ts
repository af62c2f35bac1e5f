import multipart from '@fastify/multipart';
import {
  AppError,
  chargerIdParamsSchema,
  chargerPhotoInfoSchema,
  chargerTestHistorySchema,
  MAX_UPLOAD_BYTES,
  okResponseSchema,
  testDataErrorResponseSchema,
  testDataImportResultSchema,
} from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { binaryResponse, errorResponses } from '../../lib/route-schemas.ts';
import type { ManufacturingService } from './manufacturing.service.ts';

const tags = ['manufacturing'];

/** The one file of a multipart form; past 2 MB the rest is discarded unread and `tooLarge` answers. */
const readFile = async (request: FastifyRequest, tooLarge: () => AppError): Promise<Buffer> => {
  const missing = () => new AppError('DOCUMENT_FILE_REQUIRED', { messages: ['Unable to upload your document', 'Choose a file to upload'] });
  if (!request.isMultipart()) throw missing();
  const file = await request.file();
  if (!file) throw missing();
  try {
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw tooLarge();
    if (bytes.length === 0) throw new AppError('DOCUMENT_FILE_REQUIRED', { messages: ['Unable to upload your document', 'The file is empty'] });
    return bytes;
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
};

const fileDoc = (description: string) => z.object({ file: z.string().meta({ format: 'binary', description: `${description}; at most 2 MB` }) });
// Multipart bodies are read from the stream by readFile; the path is checked as everywhere else.
const onlyParams = (route: Parameters<typeof zodValidatorCompiler>[0] | { httpPart?: string }) =>
  route.httpPart === 'body' ? () => true : zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);

/** Manufacturing data: testing data (CSV import and per-charger history) and the charger's photo. */
export const manufacturingRoutes = async (app: FastifyInstance, { manufacturing }: { manufacturing: ManufacturingService }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 1, parts: 2 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/testing-data', {
    config: { access: { permission: 'Testing_Data_Import' } },
    schema: {
      tags,
      summary: 'Import end-of-line test results by serial number from a CSV file (multipart: file); all rows or none',
      consumes: ['multipart/form-data'],
      body: fileDoc('CSV with serialNumber, testName, result, measured, unit, testedAt, station'),
      response: { ...errorResponses, 200: testDataImportResultSchema, 400: testDataErrorResponseSchema },
    },
    validatorCompiler: onlyParams,
    handler: async (request) => {
      const csv = await readFile(request, () => new AppError('DOCUMENT_TOO_LARGE'));
      return manufacturing.importTestData(authOf(request), actorOf(request), csv);
    },
  });

  r.get('/chargers/:id/testing-data', {
    config: { access: { permission: 'Testing_Data' } },
    schema: {
      tags,
      summary: "The charger's test history, newest first",
      params: chargerIdParamsSchema,
      response: { 200: chargerTestHistorySchema, ...errorResponses },
    },
    handler: (request) => manufacturing.testHistory(authOf(request), request.params.id),
  });

  r.get('/chargers/:id/photo', {
    config: { access: { permission: 'Chargers_View' } },
    schema: {
      tags,
      summary: "About the charger's photo (null when there is none)",
      params: chargerIdParamsSchema,
      response: { 200: chargerPhotoInfoSchema, ...errorResponses },
    },
    handler: (request) => manufacturing.photoInfo(authOf(request), request.params.id),
  });

  r.get('/chargers/:id/photo/file', {
    config: { access: { permission: 'Chargers_View' } },
    schema: {
      tags,
      summary: "The charger's photo",
      params: chargerIdParamsSchema,
      response: { 200: binaryResponse('The re-encoded image'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const photo = await manufacturing.photoFile(authOf(request), request.params.id);
      return reply.type(photo.contentType).header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store').send(photo.body);
    },
  });

  r.put('/chargers/:id/photo', {
    config: { access: { permission: 'Charger_Photo' } },
    schema: {
      tags,
      summary: "Replace the charger's photo (multipart: file); PNG, JPEG or WebP read from the bytes, re-encoded",
      consumes: ['multipart/form-data'],
      params: chargerIdParamsSchema,
      body: fileDoc('PNG, JPEG or WebP image'),
      response: { 200: okResponseSchema, ...errorResponses },
    },
    validatorCompiler: onlyParams,
    handler: async (request) => {
      // Scope first: a charger out of reach is refused before a byte of the file is read.
      await manufacturing.requireCharger(authOf(request), request.params.id);
      const bytes = await readFile(request, () => new AppError('PHOTO_TOO_LARGE'));
      return manufacturing.uploadPhoto(authOf(request), actorOf(request), request.params.id, bytes);
    },
  });
};
