import { activityLogFilterSchema, activityLogItemSchema, activityLogListQuerySchema, pagedSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { datedFilename, sendCsv } from '../../lib/csv.ts';
import { csvHeader } from '../../lib/i18n/csv-headers.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { ACTIVITY_CSV_COLUMNS } from './activity-logs.csv.ts';
import type { ActivityLogsService } from './activity-logs.service.ts';

const tags = ['activity log'];

/**
 * The activity log (menu activity-log). Users who do not reach every location see the rows of their
 * locations and, of rows without a location, only those about themselves.
 */
export const activityLogsRoutes = async (app: FastifyInstance, deps: { activityLogs: ActivityLogsService; now: () => Date }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/activity-logs', {
    config: { access: { permission: 'Activity_Logs_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Who changed what and when: filtered by time, actor, action, entity and location; paged and sorted',
      querystring: activityLogListQuerySchema,
      response: { 200: pagedSchema(activityLogItemSchema), ...errorResponses },
    },
    handler: (request) => deps.activityLogs.listActivity(authOf(request), request.query),
  });

  r.get('/activity-logs/export', {
    config: { access: { permission: 'Activity_Logs_Export', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'The filtered activity log as a CSV file, newest first',
      querystring: activityLogFilterSchema,
      response: errorResponses,
    },
    handler: (request, reply) => {
      sendCsv(
        reply,
        datedFilename('activity-log', deps.now()),
        csvHeader(requestLocale(request), ACTIVITY_CSV_COLUMNS),
        deps.activityLogs.exportActivity(authOf(request), request.query),
      );
    },
  });
};
