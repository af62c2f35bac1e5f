import {
  chargerParamsSchema,
  chargerPriorityBodySchema,
  dpoOverviewSchema,
  locationIdQuerySchema,
  meshResponseSchema,
  okResponseSchema,
  updateDpoBodySchema,
  updateGridBodySchema,
  updateMeshBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { DpoService } from './dpo.service.ts';

const tags = ['dynamic power'];
const ok = { 200: okResponseSchema, ...errorResponses };

/** Menu dpo: the grid connection (Power_Grid), the limit and its sharing (DPO), the mesh (Mesh_Config). */
export const dpoRoutes = async (app: FastifyInstance, { dpo }: { dpo: DpoService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/dpo', {
    config: { access: { permission: 'DPO_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'A location’s grid connection, charging limit, the limit in force now, and each charger’s allocated and actual power',
      querystring: locationIdQuerySchema,
      response: { 200: dpoOverviewSchema, ...errorResponses },
    },
    handler: (request) => dpo.overview(request.query.locationId),
  });

  r.put('/dpo/limit', {
    config: { access: { permission: 'DPO_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'The charging limit (fixed or by time of day in the location’s zone) and the minimum per session; applied to the chargers at once',
      body: updateDpoBodySchema,
      response: ok,
    },
    handler: (request) => dpo.saveLimit(actorOf(request), request.body),
  });

  r.put('/dpo/grid', {
    config: { access: { permission: 'Power_Grid_Update', location: 'body.locationId' } },
    schema: {
      tags,
      summary: 'The grid connection: supply capacity in kW or amps per phase, phases, voltage',
      body: updateGridBodySchema,
      response: ok,
    },
    handler: (request) => dpo.saveGrid(actorOf(request), request.body),
  });

  r.put('/dpo/chargers/:chargerId/priority', {
    config: { access: { permission: 'DPO_Update' } },
    schema: {
      tags,
      summary: 'A charger’s priority when power is shared',
      params: chargerParamsSchema,
      body: chargerPriorityBodySchema,
      response: ok,
    },
    handler: (request) => dpo.setPriority(authOf(request), actorOf(request), request.params.chargerId, request.body.priority),
  });

  r.get('/dpo/mesh', {
    config: { access: { permission: 'Mesh_Config_View', location: 'query.locationId' } },
    schema: {
      tags,
      summary: 'How each charger of a location reaches the network: directly, through a gateway charger or a local controller',
      querystring: locationIdQuerySchema,
      response: { 200: meshResponseSchema, ...errorResponses },
    },
    handler: (request) => dpo.mesh(request.query.locationId),
  });

  r.put('/dpo/mesh/:chargerId', {
    config: { access: { permission: 'Mesh_Config_Update' } },
    schema: { tags, summary: 'How one charger reaches the network', params: chargerParamsSchema, body: updateMeshBodySchema, response: ok },
    handler: (request) => dpo.saveMesh(authOf(request), actorOf(request), request.params.chargerId, request.body),
  });
};
