import { locationsReportQuerySchema, quickReportQuerySchema, reportParamsSchema, reportQuerySchema, type ReportFormat } from '@wattdesk/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCsv, sendCsvLines } from '../../lib/csv.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import type { Report, ReportsService } from './reports.service.ts';

const tags = ['reports'];

/** `energy-by-charger-2026-11-25.xlsx` */
const filenameOf = (name: string, format: ReportFormat, now: Date) => `${name}-${now.toISOString().slice(0, 10)}.${format}`;

const send = (reply: FastifyReply, report: Report, name: string, format: ReportFormat, now: Date) => {
  if (format === 'xlsx') sendXlsx(reply, filenameOf(name, format, now), report.title, report.header, report.rows);
  else if (report.csvText) sendCsvLines(reply, filenameOf(name, format, now), report.header, report.csvText);
  else sendCsv(reply, filenameOf(name, format, now), report.header, report.rows);
};

/** Report downloads (spec section 7: a GET with query parameters), streamed row by row as CSV or XLSX. */
export const reportsRoutes = async (app: FastifyInstance, { reports, now }: { reports: ReportsService; now: () => Date }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/reports/locations', {
    config: { access: { permission: 'Locations_Export', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'The locations in reach (or one) as a CSV or XLSX file',
      querystring: locationsReportQuerySchema,
      response: errorResponses,
    },
    handler: (request, reply) =>
      send(reply, reports.locationsReport(authOf(request), request.query, requestLocale(request)), 'locations', request.query.format, now()),
  });

  r.get('/reports/quick', {
    config: { access: { permission: 'Quick_Report', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'One click: the chargers of a location over its last 30 days (energy, sessions, revenue, uptime)',
      querystring: quickReportQuerySchema,
      response: errorResponses,
    },
    handler: (request, reply) =>
      send(
        reply,
        reports.quickReport(authOf(request), request.query.locationId, requestLocale(request)),
        'quick-report',
        request.query.format,
        now(),
      ),
  });

  r.get('/reports/:kind', {
    config: { access: { permission: 'Reports_Export', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'A report over local days and the Day filter, for one location or every location in reach, as CSV or XLSX',
      params: reportParamsSchema,
      querystring: reportQuerySchema,
      response: errorResponses,
    },
    handler: (request, reply) =>
      send(
        reply,
        reports.rangeReport(authOf(request), request.params.kind, request.query, requestLocale(request)),
        request.params.kind,
        request.query.format,
        now(),
      ),
  });
};
