import {
  chargerIdParamsSchema,
  deviceModelPageSchema,
  deviceModelQuerySchema,
  setDeviceVariableBodySchema,
  setDeviceVariableResultSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { DeviceModelService } from './device-model.service.ts';

const tags = ['chargers'];

/** An OCPP 2.0.1 charger's components and variables. The location is checked on the charger, once it is loaded. */
export const deviceModelRoutes = async (app: FastifyInstance, { deviceModel }: { deviceModel: DeviceModelService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/chargers/:id/device-model', {
    config: { access: { permission: 'Chargers_View' } },
    schema: {
      tags,
      summary: "A 2.0.1 charger's device model as it last reported it, paged, by component or text",
      params: chargerIdParamsSchema,
      querystring: deviceModelQuerySchema,
      response: { 200: deviceModelPageSchema, ...errorResponses },
    },
    handler: (request) => deviceModel.list(authOf(request), request.params.id, request.query),
  });

  r.put('/chargers/:id/device-model/variable', {
    // Changing how a charger behaves is editing the charger (there is no separate configuration permission).
    config: { access: { permission: 'Chargers_Update' } },
    schema: {
      tags,
      summary: 'Set a writable variable at a 2.0.1 charger (SetVariables); the value is stored once the charger accepts it',
      params: chargerIdParamsSchema,
      body: setDeviceVariableBodySchema,
      response: { 200: setDeviceVariableResultSchema, ...errorResponses },
    },
    handler: (request) => deviceModel.setVariable(authOf(request), actorOf(request), request.params.id, request.body),
  });
};
