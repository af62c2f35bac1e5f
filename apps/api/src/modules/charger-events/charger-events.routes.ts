import {
  chargerEventsQuerySchema,
  chargerEventsResponseSchema,
  chargerIdParamsSchema,
  chargerLogExportQuerySchema,
  chargerLogQuerySchema,
  chargerLogResponseSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { datedFilename, sendCsvExport } from '../../lib/csv.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ChargerEventsService } from './charger-events.service.ts';

const logTags = ['charger log'];

export const chargerEventsRoutes = async (app: FastifyInstance, { chargerEvents, now }: { chargerEvents: ChargerEventsService; now: () => Date }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/chargers/:id/events', {
    config: { access: { permission: 'Chargers_View' } },
    schema: {
      tags: ['chargers'],
      summary: 'The charger log: connections, refusals, boots, faults, sessions and commands, newest first',
      params: chargerIdParamsSchema,
      querystring: chargerEventsQuerySchema,
      response: { 200: chargerEventsResponseSchema, ...errorResponses },
    },
    handler: (request) => chargerEvents.list(authOf(request), request.params.id, request.query.page, request.query.pageSize),
  });

  r.get('/charger-events', {
    config: { access: { permission: 'Logs_View', location: 'query.locationId' } },
    schema: {
      tags: logTags,
      summary: 'The log of a location’s chargers, newest first: by charger, kind, the location’s days and text of the summary; paged',
      querystring: chargerLogQuerySchema,
      response: { 200: chargerLogResponseSchema, ...errorResponses },
    },
    handler: (request) => chargerEvents.locationLog(request.query),
  });

  r.get('/charger-events/export', {
    config: { access: { permission: 'Logs_Export', location: 'query.locationId' } },
    schema: { tags: logTags, summary: 'The filtered charger log as a CSV file', querystring: chargerLogExportQuerySchema, response: errorResponses },
    handler: (request, reply) => {
      sendCsvExport(reply, datedFilename('charger-log', now()), () => chargerEvents.exportCsv(request.query, requestLocale(request)));
    },
  });
};
