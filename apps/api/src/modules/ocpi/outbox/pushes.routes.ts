import { roamingPartnerParamsSchema, roamingPushPageSchema, roamingPushQuerySchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../lib/route-schemas.ts';
import type { RoamingPushesService } from './pushes.service.ts';

/** What we owe a roaming partner and what failed (the Roaming screen's pushes table). */
export const roamingPushesRoutes = async (app: FastifyInstance, { pushes }: { pushes: RoamingPushesService }) => {
  app.withTypeProvider<ZodTypeProvider>().get('/roaming/partners/:id/pushes', {
    config: { access: { permission: 'Roaming_View' } },
    schema: {
      tags: ['roaming'],
      summary: "A roaming partner's pushes (OCPI outbox), newest first: pending, failing or delivered",
      params: roamingPartnerParamsSchema,
      querystring: roamingPushQuerySchema,
      response: { 200: roamingPushPageSchema, ...errorResponses },
    },
    handler: (request) => pushes.list(request.params.id, request.query),
  });
};
