import { dashboardOverviewSchema, dashboardRangeSchema, resellerRevenueQuerySchema, resellerRevenueSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['dashboard'];

/** The overview (menu dashboard) and the reseller's revenue: sums of the daily rollups (decision 036). */
export const dashboardRoutes = async (app: FastifyInstance, { dashboard }: { dashboard: DashboardService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/dashboard/overview', {
    config: { access: { permission: 'Dashboard', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Figures, each with the previous period, and charts of one location or every location in reach, over local days and the Day filter',
      querystring: dashboardRangeSchema,
      response: { 200: dashboardOverviewSchema, ...errorResponses },
    },
    handler: (request) => dashboard.overview(authOf(request), request.query),
  });

  r.get('/dashboard/reseller-revenue', {
    config: { access: { permission: 'Reseller_Revenue_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'What the reseller locations in reach earned over the range, and the reseller’s share',
      querystring: resellerRevenueQuerySchema,
      response: { 200: resellerRevenueSchema, ...errorResponses },
    },
    handler: (request) => dashboard.resellerRevenue(authOf(request), request.query),
  });
};
