import { maintenanceBodySchema, maintenanceOverviewSchema, maintenanceQuerySchema, maintenanceResultSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { MaintenanceService } from './maintenance.service.ts';

const tags = ['maintenance'];

export const maintenanceRoutes = async (app: FastifyInstance, { maintenance }: { maintenance: MaintenanceService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/maintenance', {
    config: { access: { permission: 'Maintenance_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Chargers of a location in maintenance now, and who put them in or took them out',
      querystring: maintenanceQuerySchema,
      response: { 200: maintenanceOverviewSchema, ...errorResponses },
    },
    handler: (request) => maintenance.overview(request.query.locationId),
  });

  r.post('/maintenance', {
    config: { access: { permission: 'Maintenance_Update' } },
    schema: {
      tags,
      summary: 'Put selected chargers in maintenance (ChangeAvailability Inoperative) or back in service',
      body: maintenanceBodySchema,
      response: { 200: maintenanceResultSchema, ...errorResponses },
    },
    handler: (request) => maintenance.set(authOf(request), actorOf(request), request.body),
  });
};
