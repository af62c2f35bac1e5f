import {
  sessionDetailSchema,
  sessionExportQuerySchema,
  sessionIdParamsSchema,
  sessionListQuerySchema,
  sessionListResponseSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { datedFilename, sendCsvExport } from '../../lib/csv.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { SessionsService } from './sessions.service.ts';

const tags = ['charging sessions'];

export const sessionsRoutes = async (app: FastifyInstance, { sessions, now }: { sessions: SessionsService; now: () => Date }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sessions', {
    config: { access: { permission: 'Charging_Sessions_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Charging sessions of a location: by date (the location’s days), charger, driver and status; paged and sorted',
      querystring: sessionListQuerySchema,
      response: { 200: sessionListResponseSchema, ...errorResponses },
    },
    handler: (request) => sessions.list(request.query),
  });

  r.get('/sessions/export', {
    config: { access: { permission: 'Charging_Sessions_Export', location: 'query.locationId' } },
    schema: { tags, summary: 'The filtered sessions as a CSV file', querystring: sessionExportQuerySchema, response: errorResponses },
    handler: (request, reply) => {
      sendCsvExport(reply, datedFilename('charging-sessions', now()), () => sessions.exportCsv(request.query, requestLocale(request)));
    },
  });

  r.get('/sessions/:id', {
    config: { access: { permission: 'Charging_Sessions_View' } },
    schema: {
      tags,
      summary: 'One session with its meter values',
      params: sessionIdParamsSchema,
      response: { 200: sessionDetailSchema, ...errorResponses },
    },
    handler: (request) => sessions.detail(authOf(request), request.params.id),
  });
};
