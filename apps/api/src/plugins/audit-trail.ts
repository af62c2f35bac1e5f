import { AppError } from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.ts';
import { actorOf, recordActivity, type ActivityEntry } from '../lib/audit.ts';
import { isUuid } from '../lib/uuid.ts';

/** `/web/activity-logs/export` → `activity-logs`: what was exported, from the route. */
const exportedArea = (url: string): string => url.replace(/^\/web\//, '').split('/')[0] ?? url;

const filterOf = (request: FastifyRequest): Record<string, unknown> =>
  request.query && typeof request.query === 'object' ? (request.query as Record<string, unknown>) : {};

/**
 * What the activity log records about requests rather than about one mutation (security review, item 7):
 * every CSV export (who took which data out, with which filter; written once the file is sent) and every refusal for lack of permission
 * (403), which is how probing for access looks. Both are written for every route at once, so a new export or
 * permission check is covered without remembering to. A failed write is logged and does not change the answer.
 */
export const auditTrailPlugin = fp(async (app: FastifyInstance, { db }: { db: Database }) => {
  const write = async (request: FastifyRequest, entry: ActivityEntry) => {
    try {
      await db.transaction((tx) => recordActivity(tx, actorOf(request), entry));
    } catch (error) {
      request.log.error({ err: error, action: entry.action }, 'activity log write failed');
    }
  };

  // After the answer, not before: an export of the activity log must not contain its own row.
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode !== 200 || !String(reply.getHeader('content-type') ?? '').startsWith('text/csv')) return;
    const filter = filterOf(request);
    await write(request, {
      action: 'export',
      entity: exportedArea(request.routeOptions.url ?? request.url),
      locationId: isUuid(filter.locationId) ? filter.locationId : null,
      changes: { filter: { before: null, after: filter } },
    });
  });

  app.addHook('onError', async (request, _reply, error) => {
    if (!(error instanceof AppError) || error.status !== 403) return;
    await write(request, {
      action: 'access.denied',
      entity: 'route',
      entityId: `${request.method} ${request.routeOptions.url ?? request.url}`,
      changes: { reason: { before: null, after: error.code } },
    });
  });
});
