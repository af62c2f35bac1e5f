import { chargerEventsQuerySchema, chargerEventsResponseSchema, chargerIdParamsSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ChargerEventsService } from './charger-events.service.ts';

export const chargerEventsRoutes = async (app: FastifyInstance, { chargerEvents }: { chargerEvents: ChargerEventsService }) => {
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
};
