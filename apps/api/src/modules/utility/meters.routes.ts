import {
  createMeterBodySchema,
  locationIdQuerySchema,
  meterBodySchema,
  meterListSchema,
  meterSavedSchema,
  okResponseSchema,
  utilityConfigParamsSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { MetersService } from './meters.service.ts';

const tags = ['utility'];

/** Meters (spec section 7): a location's utility meters, under Utility Info's permissions. */
export const metersRoutes = async (app: FastifyInstance, { meters }: { meters: MetersService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/meters', {
    config: { access: { permission: 'Utility_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'Utility meters of a location',
      querystring: locationIdQuerySchema,
      response: { 200: meterListSchema, ...errorResponses },
    },
    handler: (request) => meters.list(request.query.locationId),
  });

  r.post('/meters', {
    config: { access: { permission: 'Utility_Config_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'Add a meter: number, utility (electric, gas, water), unit, note',
      body: createMeterBodySchema,
      response: { 201: meterSavedSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { locationId, ...fields } = request.body;
      return reply.code(201).send(await meters.create(actorOf(request), locationId, fields));
    },
  });

  r.put('/meters/:id', {
    config: { access: { permission: 'Utility_Config_Update' } },
    schema: {
      tags,
      summary: 'Change a meter',
      params: utilityConfigParamsSchema,
      body: meterBodySchema,
      response: { 200: meterSavedSchema, ...errorResponses },
    },
    handler: (request) => meters.update(authOf(request), actorOf(request), request.params.id, request.body),
  });

  r.delete('/meters/:id', {
    config: { access: { permission: 'Utility_Config_Update' } },
    schema: { tags, summary: 'Remove a meter', params: utilityConfigParamsSchema, response: { 200: okResponseSchema, ...errorResponses } },
    handler: (request) => meters.remove(authOf(request), actorOf(request), request.params.id),
  });
};
