import { liveFeedQuerySchema, type LiveEvent } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { canReachLocation } from '../../lib/location-access.ts';
import { authOf } from '../../lib/request-auth.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ClusterBus } from '../../lib/cluster-bus.ts';

const KEEPALIVE_MS = 20_000;
const MAX_STREAM_MS = 10 * 60_000;

/**
 * The live feed: server-sent events of charger changes the user may see (one location, or all in reach).
 * Read with fetch (not EventSource), so the access token travels in the Authorization header.
 */
export const liveRoutes = async (app: FastifyInstance, { bus }: { bus: ClusterBus }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const open = new Set<() => void>();

  r.get('/live', {
    config: { access: { permission: 'Chargers_View', location: 'query.locationId' } },
    schema: {
      tags: ['live'],
      summary: 'Server-sent events: `charger` whenever a charger’s status, connectors or sessions change',
      querystring: liveFeedQuerySchema,
      response: errorResponses,
    },
    handler: (request, reply) => {
      const auth = authOf(request);
      const { locationId } = request.query;
      const wanted = (event: LiveEvent) => (locationId ? event.locationId === locationId : canReachLocation(auth, event.locationId));
      reply.hijack();
      app.releaseAdmission(request);
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Proxies must pass events through as they come.
        'x-accel-buffering': 'no',
        // A stream's connection is not reused: when it ends the socket goes, and shutdown need not wait for it.
        connection: 'close',
      });
      out.write(`retry: 3000\nevent: ready\ndata: {}\n\n`);
      const unsubscribe = bus.onLive((event) => {
        if (wanted(event)) out.write(`event: charger\ndata: ${JSON.stringify(event)}\n\n`);
      });
      const keepalive = setInterval(() => out.write(': keepalive\n\n'), KEEPALIVE_MS);
      // A stream outlives no sign-in for long: it ends, and the browser reconnects with a current token.
      const expiry = setTimeout(() => stop(), MAX_STREAM_MS);
      const stop = () => {
        unsubscribe();
        clearInterval(keepalive);
        clearTimeout(expiry);
        open.delete(stop);
        if (!out.writableEnded) out.end();
      };
      open.add(stop);
      // The response closes when the browser goes away (the request's own close only means it was read).
      out.on('close', stop);
    },
  });

  // Before the server stops listening: it waits for open responses, and these would never end.
  app.addHook('preClose', async () => {
    for (const stop of [...open]) stop();
  });
};
