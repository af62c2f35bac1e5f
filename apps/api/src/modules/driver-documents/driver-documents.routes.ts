import multipart from '@fastify/multipart';
import {
  AppError,
  DOCUMENT_KINDS,
  documentFileQuerySchema,
  documentKindSchema,
  driverDocumentListSchema,
  driverDocumentParamsSchema,
  driverDocumentUploadedSchema,
  driverParamsSchema,
  MAX_UPLOAD_BYTES,
  okResponseSchema,
  schemaMessages,
  successMessages,
  type DocumentKind,
} from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { binaryResponse, errorResponses } from '../../lib/route-schemas.ts';
import type { DocumentUpload, DriverDocumentsService } from './driver-documents.service.ts';

const tags = ['drivers'];

const tooLarge = (kind: DocumentKind) => new AppError(kind === 'photo' ? 'PHOTO_TOO_LARGE' : 'DOCUMENT_TOO_LARGE');

/**
 * The kind and the file from a multipart form (kind, then file). The 2 MB limit is enforced while the
 * bytes stream in: past it the rest is discarded unread and nothing is kept.
 */
const readUpload = async (request: FastifyRequest): Promise<DocumentUpload> => {
  if (!request.isMultipart())
    throw new AppError('DOCUMENT_FILE_REQUIRED', { messages: ['Unable to upload your document', 'Choose a file to upload'] });
  const file = await request.file();
  const field = file?.fields.kind;
  const parsedKind = documentKindSchema.safeParse(field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : undefined);
  if (!parsedKind.success) throw new AppError('VALIDATION_FAILED', { messages: [schemaMessages.documentKindBeforeFile] });
  if (!file) throw new AppError('DOCUMENT_FILE_REQUIRED', { messages: ['Unable to upload your document', 'Choose a file to upload'] });
  const kind = parsedKind.data;
  try {
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw tooLarge(kind);
    if (bytes.length === 0) throw new AppError('DOCUMENT_FILE_REQUIRED', { messages: ['Unable to upload your document', 'The file is empty'] });
    return { kind, filename: file.filename, bytes };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(kind);
    throw error;
  }
};

const uploadDocSchema = z.object({
  kind: z.enum(DOCUMENT_KINDS).meta({ description: 'document (PDF or image) or photo (image); send this part before the file' }),
  file: z.string().meta({ format: 'binary', description: 'PDF, PNG, JPEG or WebP, at most 2 MB; the type is read from the bytes' }),
});

/** 'attachment; filename=...' for any name: an ASCII fallback plus the RFC 5987 form for the rest. */
const attachment = (name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
};

/** Documents and photos on a driver: list, upload, download, delete. */
export const driverDocumentsRoutes = async (app: FastifyInstance, { documents }: { documents: DriverDocumentsService }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, parts: 3 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/drivers/:driverId/documents', {
    config: { access: { permission: 'Drivers_View' } },
    schema: {
      tags,
      summary: "The driver's documents and photos, newest first",
      params: driverParamsSchema,
      response: { 200: driverDocumentListSchema, ...errorResponses },
    },
    handler: async (request) => ({ items: await documents.list(authOf(request), request.params.driverId) }),
  });

  r.post('/drivers/:driverId/documents', {
    config: { access: { permission: 'Documents_Upload' } },
    schema: {
      tags,
      summary: 'Upload a document or photo (multipart: kind, then file); at most 2 MB; images are re-encoded and thumbnailed',
      consumes: ['multipart/form-data'],
      params: driverParamsSchema,
      body: uploadDocSchema,
      response: { 201: driverDocumentUploadedSchema, ...errorResponses },
    },
    // The body schema documents the form; readUpload reads and checks both parts from the stream. The path
    // is checked as everywhere else. (Fastify hands each part's own schema over; its types say the whole one.)
    validatorCompiler: (route) =>
      route.httpPart === 'body' ? () => true : zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]),
    handler: async (request, reply) => {
      const auth = authOf(request);
      // Scope first: a driver outside the user's locations is refused before a byte of the file is read.
      await documents.requireDriver(auth, request.params.driverId);
      const upload = await readUpload(request);
      const document = await documents.upload(auth, actorOf(request), request.params.driverId, upload);
      return reply.code(201).send({ responseCode: 201, msg: [successMessages.documentUploaded], document });
    },
  });

  r.get('/drivers/:driverId/documents/:documentId/file', {
    config: { access: { permission: 'Drivers_View' } },
    schema: {
      tags,
      summary: 'Download a document or photo, or the thumbnail of an image',
      params: driverDocumentParamsSchema,
      querystring: documentFileQuerySchema,
      response: { 200: binaryResponse('The file, with the type found from its bytes'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { driverId, documentId } = request.params;
      const file = await documents.download(authOf(request), driverId, documentId, request.query.variant);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  });

  r.delete('/drivers/:driverId/documents/:documentId', {
    config: { access: { permission: 'Documents_Upload' } },
    schema: {
      tags,
      summary: 'Delete a document or photo and its stored file',
      params: driverDocumentParamsSchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await documents.remove(authOf(request), actorOf(request), request.params.driverId, request.params.documentId);
      return { responseCode: 200, msg: ['Document deleted'] };
    },
  });
};
