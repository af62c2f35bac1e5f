import {
  accessCodeResponseSchema,
  createLocationBodySchema,
  locationIdParamsSchema,
  locationStateSchema,
  okResponseSchema,
  setResellerBodySchema,
  setResellerResponseSchema,
  updateLocationBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { LocationMutations } from './location-mutations.service.ts';

const tags = ['locations'];

export const locationMutationRoutes = async (app: FastifyInstance, { mutations }: { mutations: LocationMutations }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/locations', {
    config: { access: { permission: 'Locations_Create' } },
    schema: { tags, summary: 'Create a location', body: createLocationBodySchema, response: { 201: locationStateSchema, ...errorResponses } },
    handler: async (request, reply) => reply.code(201).send(await mutations.createLocation(authOf(request), actorOf(request), request.body)),
  });

  r.patch('/locations/:locationId', {
    config: { access: { permission: 'Locations_Update', location: 'params.locationId' } },
    schema: {
      tags,
      summary: 'Update the location profile: name, address, coordinates, time zone',
      params: locationIdParamsSchema,
      body: updateLocationBodySchema,
      response: { 200: locationStateSchema, ...errorResponses },
    },
    handler: (request) => mutations.updateProfile(actorOf(request), request.params.locationId, request.body),
  });

  r.post('/locations/reseller', {
    config: { access: { permission: 'Locations_Reseller_Update', location: 'body.locationIds' } },
    schema: {
      tags,
      summary: 'Set or clear the reseller flag on many locations at once',
      body: setResellerBodySchema,
      response: { 200: setResellerResponseSchema, ...errorResponses },
    },
    handler: (request) => mutations.setReseller(actorOf(request), request.body),
  });

  r.post('/locations/:locationId/access-code', {
    config: { access: { permission: 'Locations_Access_Code_Update', location: 'params.locationId' } },
    schema: {
      tags,
      summary: 'Regenerate the access code of a location; the old code stops working',
      params: locationIdParamsSchema,
      response: { 200: accessCodeResponseSchema, ...errorResponses },
    },
    handler: (request) => mutations.regenerateAccessCode(actorOf(request), request.params.locationId),
  });

  r.delete('/locations/:locationId', {
    config: { access: { permission: 'Locations_Delete', location: 'params.locationId' } },
    schema: {
      tags,
      summary: 'Delete a location; refused while chargers are registered there',
      params: locationIdParamsSchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await mutations.deleteLocation(actorOf(request), request.params.locationId);
      return { responseCode: 200, msg: ['Location deleted'] };
    },
  });
};
