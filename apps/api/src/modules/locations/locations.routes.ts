import { locationByIdQuerySchema, locationListItemSchema, locationListQuerySchema, locationStateSchema, pagedSchema } from '@wattdesk/shared';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { LocationsService } from './locations.service.ts';

export const locationsRoutes = async (app: FastifyInstance, { locations }: { locations: LocationsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/locations', {
    config: { access: { permission: 'Locations_View' } },
    schema: {
      tags: ['locations'],
      summary: 'The locations in reach of the user: paged, searchable by name or city, sortable',
      querystring: locationListQuerySchema,
      response: { 200: pagedSchema(locationListItemSchema), ...errorResponses },
    },
    handler: (request) => locations.listLocations(authOf(request), request.query),
  });

  r.get('/locations/location-by-id', {
    config: { access: { permission: 'Locations_View', location: 'query.locationId' } },
    schema: {
      tags: ['locations'],
      summary: 'The state of one location: address, coordinates, chargers, fees, subscription',
      querystring: locationByIdQuerySchema,
      response: { 200: locationStateSchema, ...errorResponses },
    },
    handler: (request) => locations.getLocationState(request.query.locationId),
  });
};
