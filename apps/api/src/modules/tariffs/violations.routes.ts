import {
  violationExportQuerySchema,
  violationIdParamsSchema,
  violationListQuerySchema,
  violationListResponseSchema,
  violationSavedSchema,
  violationStatusBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { datedFilename, sendCsv } from '../../lib/csv.ts';
import { csvHeader } from '../../lib/i18n/csv-headers.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { VIOLATION_CSV_COLUMNS, type ViolationsService } from './violations.service.ts';

const tags = ['violations'];

export const violationsRoutes = async (app: FastifyInstance, { violations, now }: { violations: ViolationsService; now: () => Date }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/violations', {
    config: { access: { permission: 'Violations_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Violations of a location: by status, rule, charger, driver and date (the location’s days); paged and sorted',
      querystring: violationListQuerySchema,
      response: { 200: violationListResponseSchema, ...errorResponses },
    },
    handler: (request) => violations.list(request.query),
  });

  r.get('/violations/export', {
    config: { access: { permission: 'Violations_View', location: 'query.locationId' } },
    schema: { tags, summary: 'The filtered violations as a CSV file', querystring: violationExportQuerySchema, response: errorResponses },
    handler: (request, reply) => {
      const locale = requestLocale(request);
      sendCsv(reply, datedFilename('violations', now()), csvHeader(locale, VIOLATION_CSV_COLUMNS), violations.exportRows(request.query, locale));
    },
  });

  r.post('/violations/:id/status', {
    config: { access: { permission: 'Violations_Update' } },
    schema: {
      tags,
      summary: 'Waive an open violation (a reason is required) or mark it paid; recorded in the activity log',
      params: violationIdParamsSchema,
      body: violationStatusBodySchema,
      response: { 200: violationSavedSchema, ...errorResponses },
    },
    handler: (request) => violations.resolve(authOf(request), actorOf(request), request.params.id, request.body),
  });
};
