import type { AccessExample } from '../../../test/access-examples.ts';
import { makeNotification } from '../../../test/notification-fixtures.ts';

export const accessExamples: AccessExample[] = [
  { route: 'GET /web/notifications/notification-list', request: () => ({ query: { unreadOnly: 'true' } }) },
  { route: 'POST /web/notifications/read-all', request: () => ({}) },
  {
    route: 'POST /web/notifications/:notificationId/read',
    request: async (ctx) => ({ params: { notificationId: await makeNotification(ctx.db, ctx.insideLocation) } }),
    outside: async (ctx) => ({ params: { notificationId: await makeNotification(ctx.db, ctx.outsideLocation) } }),
  },
  { route: 'GET /web/notifications/preferences', request: () => ({}) },
  { route: 'PUT /web/notifications/preferences', request: () => ({ payload: { emailTypes: ['charger-faulted'] } }) },
];
