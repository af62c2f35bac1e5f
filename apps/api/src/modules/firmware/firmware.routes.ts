import multipart, { type MultipartFile } from '@fastify/multipart';
import {
  AppError,
  FIRMWARE_MAX_BYTES,
  firmwareImageListSchema,
  firmwareImageParamsSchema,
  firmwareImageSchema,
  firmwareModelsSchema,
  firmwareVersionSchema,
  okResponseSchema,
  sha256Schema,
  schemaMessages,
} from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { binaryResponse, errorResponses } from '../../lib/route-schemas.ts';
import type { FirmwareService, FirmwareUpload } from './firmware.service.ts';

const tags = ['firmware'];

const fieldOf = (file: MultipartFile, name: string) => {
  const field = file.fields[name];
  return field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined;
};

/** version, models and (optionally) sha256, then the file; the size limit holds while the bytes stream in. */
const readUpload = async (request: FastifyRequest): Promise<FirmwareUpload> => {
  if (!request.isMultipart()) throw new AppError('FIRMWARE_FILE_REQUIRED');
  const file = await request.file();
  if (!file) throw new AppError('FIRMWARE_FILE_REQUIRED');
  const messages: string[] = [];
  const version = firmwareVersionSchema.safeParse(fieldOf(file, 'version') ?? '');
  const models = firmwareModelsSchema.safeParse(fieldOf(file, 'models') ?? '');
  const given = fieldOf(file, 'sha256')?.trim();
  const sha256 = given ? sha256Schema.safeParse(given) : undefined;
  for (const result of [version, models, sha256]) if (result && !result.success) messages.push(...result.error.issues.map((issue) => issue.message));
  if (messages.length || !version.success || !models.success) {
    file.file.resume();
    throw new AppError('VALIDATION_FAILED', { messages: messages.length ? messages : [schemaMessages.versionAndModelsBeforeFile] });
  }
  let bytes: Buffer;
  try {
    bytes = await file.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FIRMWARE_TOO_LARGE');
    throw error;
  }
  if (bytes.length === 0) throw new AppError('FIRMWARE_FILE_REQUIRED');
  return {
    version: version.data,
    models: models.data,
    expectedSha256: sha256?.success ? sha256.data : undefined,
    fileName: (file.filename.split(/[\\/]/).pop() ?? '').slice(0, 200) || `firmware-${version.data}.bin`,
    bytes,
  };
};

const uploadDocSchema = z.object({
  version: z.string().meta({ description: 'e.g. 2.4.1; unique' }),
  models: z.string().meta({ description: 'Charger models it fits (chargePointModel), comma-separated' }),
  sha256: z.string().optional().meta({ description: "The vendor's SHA-256; when given, the upload must match it" }),
  file: z.string().meta({ format: 'binary', description: 'The image, at most 64 MB; send it last' }),
});

/** Firmware images (menu firmware): list, upload with a checksum, download, delete. */
export const firmwareRoutes = async (app: FastifyInstance, { firmware }: { firmware: FirmwareService }) => {
  await app.register(multipart, { limits: { fileSize: FIRMWARE_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/firmware/images', {
    config: { access: { permission: 'Firmware_View' } },
    schema: { tags, summary: 'Firmware images, newest first', response: { 200: firmwareImageListSchema, ...errorResponses } },
    handler: async () => ({ items: await firmware.list() }),
  });

  r.post('/firmware/images', {
    config: { access: { permission: 'Firmware_Upload' } },
    schema: {
      tags,
      summary: 'Upload a firmware image (multipart: version, models, optional sha256, then file); the server computes its SHA-256',
      consumes: ['multipart/form-data'],
      body: uploadDocSchema,
      response: { 201: firmwareImageSchema, ...errorResponses },
    },
    // The body schema documents the form; readUpload reads and checks the parts from the stream.
    validatorCompiler: (route) =>
      route.httpPart === 'body' ? () => true : zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]),
    handler: async (request, reply) => reply.code(201).send(await firmware.upload(authOf(request), actorOf(request), await readUpload(request))),
  });

  r.get('/firmware/images/:imageId/file', {
    config: { access: { permission: 'Firmware_Download' } },
    schema: {
      tags,
      summary: 'Download a firmware image; its SHA-256 is in the x-checksum-sha256 header',
      params: firmwareImageParamsSchema,
      response: { 200: binaryResponse('The image as application/octet-stream'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const image = await firmware.download(request.params.imageId);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${image.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`)
        .header('x-checksum-sha256', image.sha256)
        .header('content-length', image.size)
        .header('cache-control', 'private, no-store')
        .send(image.body);
    },
  });

  r.delete('/firmware/images/:imageId', {
    config: { access: { permission: 'Firmware_Upload' } },
    schema: { tags, summary: 'Delete a firmware image', params: firmwareImageParamsSchema, response: { 200: okResponseSchema, ...errorResponses } },
    handler: async (request) => {
      await firmware.remove(actorOf(request), request.params.imageId);
      return { responseCode: 200, msg: ['Firmware image deleted'] };
    },
  });
};
