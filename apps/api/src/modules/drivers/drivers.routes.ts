import multipart from '@fastify/multipart';
import {
  AppError,
  DRIVER_IMPORT_COLUMNS,
  DRIVER_IMPORT_MAX_ROWS,
  driverAccessSettingsQuerySchema,
  driverAccessSettingsSchema,
  driverExportQuerySchema,
  driverRestrictionsResponseSchema,
  driverRestrictionsSchema,
  driverImportErrorResponseSchema,
  driverImportResultSchema,
  driverListQuerySchema,
  driverListResponseSchema,
  driverParamsSchema,
  driverSchema,
  driverSessionQuerySchema,
  driverSessionsResponseSchema,
  idSchema,
  MAX_UPLOAD_BYTES,
  okResponseSchema,
  registerDriverBodySchema,
  updateDriverBodySchema,
  fieldLabels,
  schemaPatterns,
} from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { datedFilename, sendCsv } from '../../lib/csv.ts';
import { csvHeader } from '../../lib/i18n/csv-headers.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { DRIVER_CSV_COLUMNS, type DriversService } from './drivers.service.ts';

const tags = ['drivers'];

/** The CSV and the location it goes to, from a multipart form (locationId, then file). */
const readImportUpload = async (request: FastifyRequest) => {
  if (!request.isMultipart()) throw new AppError('DRIVER_IMPORT_FILE_REQUIRED');
  const file = await request.file();
  if (!file) throw new AppError('DRIVER_IMPORT_FILE_REQUIRED');
  const csv = await file.toBuffer();
  const field = file.fields.locationId;
  const parsedId = idSchema.safeParse(field && !Array.isArray(field) && field.type === 'field' ? String(field.value) : '');
  if (!parsedId.success) throw new AppError('VALIDATION_FAILED', { messages: [schemaPatterns.requiredBeforeFile(fieldLabels.locationId)] });
  return { locationId: parsedId.data, csv };
};

const importDocSchema = z.object({
  locationId: idSchema.meta({ description: 'The location the drivers belong to; send this part before the file' }),
  file: z.string().meta({
    format: 'binary',
    description: `CSV: a header row of ${DRIVER_IMPORT_COLUMNS.join(', ')}, then at most ${DRIVER_IMPORT_MAX_ROWS} drivers. idTags: separated by ; (app:TOKEN for an app token)`,
  }),
});

/** Drivers of a location (menu drivers): invitations, details, ID tags, status, import and export. */
export const driversRoutes = async (app: FastifyInstance, { drivers, now }: { drivers: DriversService; now: () => Date }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5 } });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const one = { 200: driverSchema, ...errorResponses };

  r.get('/drivers', {
    config: { access: { permission: 'Drivers_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Drivers of a location: search by name, e-mail, phone or ID tag; filter by status and role; sorted and paged',
      querystring: driverListQuerySchema,
      response: { 200: driverListResponseSchema, ...errorResponses },
    },
    handler: (request) => drivers.list(request.query),
  });

  r.get('/drivers/export', {
    config: { access: { permission: 'Drivers_Export', location: 'query.locationId' } },
    schema: { tags, summary: 'The filtered drivers as a CSV file', querystring: driverExportQuerySchema, response: errorResponses },
    handler: (request, reply) => {
      sendCsv(reply, datedFilename('drivers', now()), csvHeader(requestLocale(request), DRIVER_CSV_COLUMNS), drivers.exportRows(request.query));
    },
  });

  r.post('/drivers/register-user', {
    config: { access: { permission: 'Drivers_Create', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Register a driver: a PENDING account, its ID tags, and an invitation e-mail with a set-password link',
      body: registerDriverBodySchema,
      response: { 201: driverSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await drivers.register(authOf(request), actorOf(request), request.body)),
  });

  r.post('/drivers/import', {
    config: { access: { permission: 'Drivers_Create' } },
    schema: {
      tags,
      summary: 'Register drivers from a CSV file (multipart: locationId, then file); all rows or none, with a report per row',
      consumes: ['multipart/form-data'],
      body: importDocSchema,
      response: { ...errorResponses, 201: driverImportResultSchema, 400: driverImportErrorResponseSchema },
    },
    // The body schema documents the form; readImportUpload reads and checks both parts from the stream.
    validatorCompiler: () => () => true,
    handler: async (request, reply) => {
      const { locationId, csv } = await readImportUpload(request);
      return reply.code(201).send(await drivers.importCsv(authOf(request), actorOf(request), locationId, csv));
    },
  });

  r.get('/drivers/access-settings', {
    config: { access: { permission: 'Drivers_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Whether the chargers of a location accept ID tags no driver has (free vend)',
      querystring: driverAccessSettingsQuerySchema,
      response: { 200: driverAccessSettingsSchema, ...errorResponses },
    },
    handler: (request) => drivers.accessSettings(request.query.locationId),
  });

  r.put('/drivers/access-settings', {
    config: { access: { permission: 'Drivers_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Accept or refuse ID tags no driver has at a location; applies to the next Authorize',
      body: driverAccessSettingsSchema,
      response: { 200: driverAccessSettingsSchema, ...errorResponses },
    },
    handler: (request) => drivers.updateAccessSettings(actorOf(request), request.body),
  });

  r.put('/drivers/:driverId/restrictions', {
    config: { access: { permission: 'Driver_Status' } },
    schema: {
      tags,
      summary: 'Where, when and how much the driver may charge; chargers enforce it at Authorize and StartTransaction',
      params: driverParamsSchema,
      body: driverRestrictionsSchema,
      response: { 200: driverRestrictionsResponseSchema, ...errorResponses },
    },
    handler: (request) => drivers.updateRestrictions(authOf(request), actorOf(request), request.params.driverId, request.body),
  });

  r.get('/drivers/:driverId', {
    config: { access: { permission: 'Drivers_View' } },
    schema: { tags, summary: 'One driver', params: driverParamsSchema, response: one },
    handler: (request) => drivers.get(authOf(request), request.params.driverId),
  });

  r.get('/drivers/:driverId/sessions', {
    config: { access: { permission: 'Drivers_View' } },
    schema: {
      tags,
      summary: "The driver's charging sessions, newest first; a main user's include its sub-users' (each row names its driver)",
      params: driverParamsSchema,
      querystring: driverSessionQuerySchema,
      response: { 200: driverSessionsResponseSchema, ...errorResponses },
    },
    handler: (request) => drivers.sessions(authOf(request), request.params.driverId, request.query.page, request.query.pageSize),
  });

  r.patch('/drivers/:driverId', {
    config: { access: { permission: 'Drivers_Update' } },
    schema: {
      tags,
      summary: "Change a driver's name, phone, role, main user or ID tags",
      params: driverParamsSchema,
      body: updateDriverBodySchema,
      response: one,
    },
    handler: (request) => drivers.update(authOf(request), actorOf(request), request.params.driverId, request.body),
  });

  r.post('/drivers/:driverId/activate', {
    config: { access: { permission: 'Driver_Status' } },
    schema: { tags, summary: 'Activate a driver: its ID tags are accepted again', params: driverParamsSchema, response: one },
    handler: (request) => drivers.setStatus(authOf(request), actorOf(request), request.params.driverId, 'ACTIVE'),
  });

  r.post('/drivers/:driverId/deactivate', {
    config: { access: { permission: 'Driver_Status' } },
    schema: { tags, summary: 'Deactivate a driver: chargers answer Blocked to its ID tags', params: driverParamsSchema, response: one },
    handler: (request) => drivers.setStatus(authOf(request), actorOf(request), request.params.driverId, 'INACTIVE'),
  });

  r.post('/drivers/:driverId/resend-invitation', {
    config: { access: { permission: 'Drivers_Create' } },
    schema: { tags, summary: 'Send a new invitation e-mail; earlier links stop working', params: driverParamsSchema, response: one },
    handler: (request) => drivers.resendInvitation(authOf(request), actorOf(request), request.params.driverId),
  });

  r.delete('/drivers/:driverId', {
    config: { access: { permission: 'Drivers_Delete' } },
    schema: {
      tags,
      summary: 'Delete a driver and its ID tags; past sessions keep their tag',
      params: driverParamsSchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await drivers.remove(authOf(request), actorOf(request), request.params.driverId);
      return { responseCode: 200, msg: ['Driver deleted'] };
    },
  });
};
