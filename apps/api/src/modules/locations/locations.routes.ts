import {
  locationByIdQuerySchema,
  locationListItemSchema,
  locationListQuerySchema,
  locationStateSchema,
  NETWORK_MAP_MAX_LOCATIONS,
  networkMapSchema,
  pagedSchema,
} from '@wattdesk/shared';
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

  // The control center shows the map, so its permission admits the call: the pins carry charger statuses, which a
  // role with Locations_View alone (Reseller) does not see.
  r.get('/locations/network-map', {
    config: { access: { permission: 'Control_Center_View' } },
    schema: {
      tags: ['locations'],
      summary: `Every location in reach as a map pin: coordinates, chargers counted by status, one status word; at most ${NETWORK_MAP_MAX_LOCATIONS} locations, by name`,
      response: { 200: networkMapSchema, ...errorResponses },
    },
    handler: (request) => locations.getNetworkMap(authOf(request)),
  });
};
