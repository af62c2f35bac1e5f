import {
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationParamsSchema,
  notificationPreferencesSchema,
  okResponseSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { NotificationsService } from './notifications.service.ts';

const tags = ['notifications'];
const access = { permission: 'Notifications_View' } as const;

/** Notifications of the locations the user reaches (path prefix /notifications, endpoint notification-list). */
export const notificationsRoutes = async (app: FastifyInstance, { notifications }: { notifications: NotificationsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/notifications/notification-list', {
    config: { access },
    schema: {
      tags,
      summary: 'Notifications of the locations in reach, newest first, by type and read state, with this user’s unread count',
      querystring: notificationListQuerySchema,
      response: { 200: notificationListResponseSchema, ...errorResponses },
    },
    handler: (request) => notifications.list(authOf(request), request.query),
  });

  r.post('/notifications/read-all', {
    config: { access },
    schema: { tags, summary: 'Mark every notification read, for this user', response: { 200: okResponseSchema, ...errorResponses } },
    handler: (request) => notifications.markAllRead(authOf(request)),
  });

  r.post('/notifications/:notificationId/read', {
    config: { access },
    schema: {
      tags,
      summary: 'Mark one notification read, for this user',
      params: notificationParamsSchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: (request) => notifications.markRead(authOf(request), request.params.notificationId),
  });

  r.get('/notifications/preferences', {
    config: { access },
    schema: {
      tags,
      summary: 'The notification types this user also gets by e-mail',
      response: { 200: notificationPreferencesSchema, ...errorResponses },
    },
    handler: (request) => notifications.preferences(authOf(request)),
  });

  r.put('/notifications/preferences', {
    config: { access },
    schema: {
      tags,
      summary: 'Choose the notification types this user also gets by e-mail',
      body: notificationPreferencesSchema,
      response: { 200: notificationPreferencesSchema, ...errorResponses },
    },
    handler: (request) => notifications.setPreferences(authOf(request), request.body),
  });
};
