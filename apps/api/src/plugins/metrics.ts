import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppMetrics } from '../lib/metrics/app-metrics.ts';
import { metricsAccess } from '../lib/metrics/metrics-access.ts';

export type MetricsPluginOptions = { metrics: AppMetrics; token: string | undefined };

/**
 * GET /metrics in Prometheus text format, and every request's duration. Public in the access sense (no sign-in: a
 * scraper has none) but guarded itself (lib/metrics/metrics-access.ts); kept out of the API document, which is for
 * the product's clients.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { metrics, token }: MetricsPluginOptions) => {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.http.observe(request, reply);
    done();
  });
  const refusal = metricsAccess(token);
  app.get('/metrics', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const refused = refusal(request);
    if (refused) throw refused;
    const text = await metrics.exposition();
    return reply.header('cache-control', 'no-store').type(metrics.contentType).send(text);
  });
});
