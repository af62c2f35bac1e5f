import {
  adminListItemSchema,
  adminListQuerySchema,
  adminParamsSchema,
  inviteAdminBodySchema,
  pagedSchema,
  updateAdminBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../lib/audit.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { AdminsService } from './admins.service.ts';

const tags = ['administrators'];

/** Administrator management (menu manage-admins). Reach rules: admins.reach.ts and docs/permissions.md. */
export const adminsRoutes = async (app: FastifyInstance, { admins }: { admins: AdminsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const item = { 200: adminListItemSchema, ...errorResponses };

  r.get('/admins', {
    config: { access: { permission: 'Admins_View' } },
    schema: {
      tags,
      summary: 'Administrators in reach: paged, searchable by name or e-mail, sortable, filterable by status and type',
      querystring: adminListQuerySchema,
      response: { 200: pagedSchema(adminListItemSchema), ...errorResponses },
    },
    handler: (request) => admins.listAdmins(authOf(request), request.query),
  });

  r.post('/admins/invite', {
    config: { access: { permission: 'Admins_Invite', location: 'body.locationIds' } },
    schema: {
      tags,
      summary: 'Invite an administrator: a PENDING account and an e-mail with a set-password link',
      body: inviteAdminBodySchema,
      response: { 201: adminListItemSchema, ...errorResponses },
    },
    handler: async (request, reply) => reply.code(201).send(await admins.inviteAdmin(authOf(request), actorOf(request), request.body)),
  });

  r.patch('/admins/:userId', {
    config: { access: { permission: 'Admins_Update', location: 'body.locationIds' } },
    schema: { tags, summary: "Change an administrator's type or locations", params: adminParamsSchema, body: updateAdminBodySchema, response: item },
    handler: (request) => admins.updateAdmin(authOf(request), actorOf(request), request.params.userId, request.body),
  });

  r.post('/admins/:userId/deactivate', {
    config: { access: { permission: 'Admins_Deactivate' } },
    schema: { tags, summary: 'Deactivate: the account cannot sign in and its sessions end', params: adminParamsSchema, response: item },
    handler: (request) => admins.deactivateAdmin(authOf(request), actorOf(request), request.params.userId),
  });

  r.post('/admins/:userId/reactivate', {
    config: { access: { permission: 'Admins_Deactivate' } },
    schema: { tags, summary: 'Reactivate an inactive administrator', params: adminParamsSchema, response: item },
    handler: (request) => admins.reactivateAdmin(authOf(request), actorOf(request), request.params.userId),
  });

  r.post('/admins/:userId/resend-invitation', {
    config: { access: { permission: 'Admins_Invite' } },
    schema: { tags, summary: 'Send a new invitation e-mail; earlier links stop working', params: adminParamsSchema, response: item },
    handler: (request) => admins.resendInvitation(authOf(request), actorOf(request), request.params.userId),
  });
  r.post('/admins/:userId/end-sessions', {
    config: { access: { permission: 'Admins_Sessions_End' } },
    schema: {
      tags,
      summary: 'Sign an administrator out on every device; they can sign in again',
      params: adminParamsSchema,
      response: { 200: z.object({ ended: z.number().int() }), ...errorResponses },
    },
    handler: (request) => admins.endSessions(authOf(request), actorOf(request), request.params.userId),
  });
};
