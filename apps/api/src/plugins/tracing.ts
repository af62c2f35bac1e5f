import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { traceLogFields, tracingOn } from '../lib/tracing/spans.ts';

type LoggerOption = boolean | { level: string; stream?: NodeJS.WritableStream };

/**
 * While tracing is on, every log line carries the trace and span ids of the span it was written in, so the lines
 * of a request (request.log's, which carry its `reqId` already, and the app's own logged meanwhile) and its trace
 * find each other. Off, the logger is left as it was: no per-line cost.
 */
export const withTraceIds = (logger: LoggerOption): LoggerOption | (Exclude<LoggerOption, boolean> & { mixin: () => object }) =>
  tracingOn() && typeof logger === 'object' ? { ...logger, mixin: traceLogFields } : logger;

/**
 * Names each HTTP server span after its route template (`GET /web/chargers/:id`, bounded, never an id) and tags it
 * with Fastify's request id, the `reqId` of the request's log lines. instrumentation-http made the span; Fastify
 * routes inside it, so it is the active span in onRequest.
 */
export const tracingPlugin = fp(async (app: FastifyInstance) => {
  if (!tracingOn()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const span = trace.getActiveSpan();
    if (span) {
      span.setAttribute('wattdesk.request_id', request.id);
      const route = request.routeOptions.url;
      if (route) {
        span.setAttribute('http.route', route);
        span.updateName(`${request.method} ${route}`);
      }
    }
    done();
  });
});
