import {
  connectRoamingPartnerBodySchema,
  invitedRoamingPartnerSchema,
  inviteRoamingPartnerBodySchema,
  okResponseSchema,
  roamingPartnerListSchema,
  roamingPartnerParamsSchema,
  roamingPartnerResponseSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { RoamingService } from './roaming.service.ts';

const tags = ['roaming'];
const view = { access: { permission: 'Roaming_View' } } as const;
const update = { access: { permission: 'Roaming_Update' } } as const;

/** /web/roaming (issue 42): the Roaming screen's partners. Partners are network-wide, so no location scope. */
export const roamingRoutes = async (app: FastifyInstance, { roaming }: { roaming: RoamingService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = roamingPartnerParamsSchema;
  const answer = { 200: roamingPartnerResponseSchema, ...errorResponses };

  r.get('/roaming/partners', {
    config: view,
    schema: {
      tags,
      summary: 'Roaming partners (OCPI) with their state and the pushes we still owe them',
      response: { 200: roamingPartnerListSchema, ...errorResponses },
    },
    handler: () => roaming.list(),
  });

  r.post('/roaming/partners', {
    config: update,
    schema: {
      tags,
      summary: 'Invite a partner: a one-time registration token (OCPI token A), shown once, and our versions URL',
      body: inviteRoamingPartnerBodySchema,
      response: { 200: invitedRoamingPartnerSchema, ...errorResponses },
    },
    handler: (request) => roaming.invite(actorOf(request), request.body.name),
  });

  r.post('/roaming/partners/connect', {
    config: update,
    schema: {
      tags,
      summary: 'Register with a partner by its versions URL and the token it gave us',
      body: connectRoamingPartnerBodySchema,
      response: answer,
    },
    handler: (request) => roaming.connect(actorOf(request), request.body),
  });

  r.post('/roaming/partners/:id/suspend', {
    config: update,
    schema: { tags, summary: 'Suspend a partner: no pushes, its calls refused, until resumed', params, response: answer },
    handler: (request) => roaming.suspend(actorOf(request), request.params.id),
  });

  r.post('/roaming/partners/:id/resume', {
    config: update,
    schema: { tags, summary: 'Resume a suspended partner', params, response: answer },
    handler: (request) => roaming.resume(actorOf(request), request.params.id),
  });

  r.post('/roaming/partners/:id/reregister', {
    config: update,
    schema: {
      tags,
      summary: 'Give the partner a new credentials token (OCPI PUT credentials) and read its endpoints again',
      params,
      response: answer,
    },
    handler: (request) => roaming.reregister(actorOf(request), request.params.id),
  });

  r.delete('/roaming/partners/:id', {
    config: update,
    schema: {
      tags,
      summary: 'Remove a partner: it is told (OCPI DELETE credentials, best effort), then forgotten',
      params,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: (request) => roaming.remove(actorOf(request), request.params.id),
  });
};
