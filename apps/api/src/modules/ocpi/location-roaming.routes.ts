import { locationIdParamsSchema, locationRoamingBodySchema, locationRoamingSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { OcpiLocations } from './locations/locations.service.ts';

/** A location's roaming switch (issue 42): published locations are what OCPI partners see and are pushed. */
export const locationRoamingRoutes = async (app: FastifyInstance, { locations }: { locations: OcpiLocations }) => {
  app.withTypeProvider<ZodTypeProvider>().put('/locations/:locationId/roaming', {
    config: { access: { permission: 'Roaming_Update', location: 'params.locationId' } },
    schema: {
      tags: ['roaming'],
      summary: "Publish a location to roaming partners or withdraw it; partners are pushed the location's new state",
      params: locationIdParamsSchema,
      body: locationRoamingBodySchema,
      response: { 200: locationRoamingSchema, ...errorResponses },
    },
    handler: (request) => locations.setPublishToRoaming(actorOf(request), request.params.locationId, request.body.publishToRoaming),
  });
};
