import { pagedSchema, systemLogFilterSchema, systemLogItemSchema, systemLogListQuerySchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { datedFilename, sendCsv } from '../../lib/csv.ts';
import { csvHeader } from '../../lib/i18n/csv-headers.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { SYSTEM_CSV_COLUMNS, type SystemLogsService } from './system-logs.service.ts';

const tags = ['system log'];

/** Server-side events for staff (menu system-logs): failed background jobs, undeliverable mail, provider errors. */
export const systemLogsRoutes = async (app: FastifyInstance, deps: { systemLogs: SystemLogsService; now: () => Date }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/system-logs', {
    config: { access: { permission: 'System_Logs_View' } },
    schema: {
      tags,
      summary: 'Server-side events, newest first: filtered by time, level, source and text; paged',
      querystring: systemLogListQuerySchema,
      response: { 200: pagedSchema(systemLogItemSchema), ...errorResponses },
    },
    handler: (request) => deps.systemLogs.listSystemEvents(request.query),
  });

  r.get('/system-logs/export', {
    config: { access: { permission: 'System_Logs_Export' } },
    schema: { tags, summary: 'The filtered system log as a CSV file, newest first', querystring: systemLogFilterSchema, response: errorResponses },
    handler: (request, reply) => {
      sendCsv(
        reply,
        datedFilename('system-log', deps.now()),
        csvHeader(requestLocale(request), SYSTEM_CSV_COLUMNS),
        deps.systemLogs.exportSystemEvents(request.query),
      );
    },
  });
};
