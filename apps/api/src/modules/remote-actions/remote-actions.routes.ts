import {
  availabilityBodySchema,
  chargerIdParamsSchema,
  commandResultSchema,
  diagnosticsBodySchema,
  remoteStartBodySchema,
  remoteStopBodySchema,
  resetBodySchema,
  unlockBodySchema,
  type Permission,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { RemoteAction, RemoteActionsService } from './remote-actions.service.ts';

const tags = ['remote actions'];

/** OCPP commands to one charger. The location is checked on the charger, once it is loaded. */
export const remoteActionsRoutes = async (app: FastifyInstance, { remoteActions }: { remoteActions: RemoteActionsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  const command = <B extends z.ZodType>(
    path: string,
    permission: Permission,
    summary: string,
    body: B,
    toAction: (body: z.infer<B>) => RemoteAction,
  ) =>
    r.post(`/chargers/:id/${path}`, {
      config: { access: { permission } },
      schema: { tags, summary, params: chargerIdParamsSchema, body, response: { 200: commandResultSchema, ...errorResponses } },
      handler: (request) => remoteActions.run(authOf(request), actorOf(request), request.params.id, toAction(request.body as z.infer<B>)),
    });

  command(
    'reset',
    'Chargers_Remote_Actions',
    'Restart the charger (Soft: after sessions end gracefully; Hard: at once)',
    resetBodySchema,
    (body) => ({
      method: 'Reset',
      params: { type: body.type },
      label: `Reset (${body.type})`,
      action: 'charger.reset',
    }),
  );
  command('unlock', 'Chargers_Remote_Actions', 'Release the cable of a connector', unlockBodySchema, (body) => ({
    method: 'UnlockConnector',
    params: { connectorId: body.connectorId },
    label: `Unlock connector ${body.connectorId}`,
    action: 'charger.unlock',
  }));
  command('remote-start', 'Chargers_Remote_Actions', 'Start a session for a driver id tag', remoteStartBodySchema, (body) => ({
    method: 'RemoteStartTransaction',
    params: { idTag: body.idTag, ...(body.connectorId ? { connectorId: body.connectorId } : {}) },
    label: `Remote start for ${body.idTag}`,
    action: 'charger.remote_start',
  }));
  command('remote-stop', 'Chargers_Remote_Actions', 'Stop a running session', remoteStopBodySchema, (body) => ({
    method: 'RemoteStopTransaction',
    params: { transactionId: body.transactionId },
    label: `Remote stop of session ${body.transactionId}`,
    action: 'charger.remote_stop',
  }));
  command(
    'availability',
    // Spec section 6 names its own permission for this; MobileAdmin and Admin hold both.
    'Chargers_Availability',
    'Make the charger or one connector operative or inoperative',
    availabilityBodySchema,
    (body) => ({
      method: 'ChangeAvailability',
      params: { connectorId: body.connectorId, type: body.type },
      label: `${body.type} (${body.connectorId === 0 ? 'whole charger' : `connector ${body.connectorId}`})`,
      action: 'charger.change_availability',
    }),
  );
  command('diagnostics', 'Chargers_Diagnostics', 'Ask the charger to upload a diagnostics file', diagnosticsBodySchema, (body) => ({
    method: 'GetDiagnostics',
    params: {
      location: body.location,
      ...(body.startTime ? { startTime: body.startTime } : {}),
      ...(body.stopTime ? { stopTime: body.stopTime } : {}),
    },
    label: 'Get diagnostics',
    action: 'charger.get_diagnostics',
  }));
};
