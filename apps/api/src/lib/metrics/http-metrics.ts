import type { FastifyReply, FastifyRequest } from 'fastify';
import { Histogram, type Registry } from 'prom-client';

/** The route label of requests no route matched: one series, however many addresses are tried. */
export const UNMATCHED_ROUTE = 'unmatched';

/** From a cached read (a few ms) to the slowest report a user waits for. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = 'method' | 'route' | 'status_code';

/**
 * Request durations by method, route template and status. The series' children are kept by a plain string key:
 * prom-client hashes a label object on every observation, which is most of a histogram's cost per request.
 */
export const createHttpMetrics = (registry: Registry) => {
  const duration = new Histogram<Labels>({
    name: 'wattdesk_http_request_duration_seconds',
    help: 'HTTP requests by method, route template (never an id) and status code, from arrival to the answer sent',
    labelNames: ['method', 'route', 'status_code'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });
  const children = new Map<string, Histogram.Internal<Labels>>();

  return {
    observe: (request: FastifyRequest, reply: FastifyReply) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const status = reply.statusCode;
      const key = `${request.method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = duration.labels({ method: request.method, route, status_code: String(status) });
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
    },
  };
};

export type HttpMetrics = ReturnType<typeof createHttpMetrics>;
