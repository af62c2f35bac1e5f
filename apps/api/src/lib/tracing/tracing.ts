import { createRequire } from 'node:module';
import { context, propagation, trace } from '@opentelemetry/api';
import type { SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { markTracingOn } from './spans.ts';

export type Tracing = { shutdown: () => Promise<void>; forceFlush: () => Promise<void> };

/** Probes and scrapes every few seconds: spans of them would drown the traces worth reading. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

export type TracingOptions = {
  /** The OTLP/HTTP traces URL; unset: the exporter's own reading of OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces). */
  url?: string;
  /** Instead of the batching OTLP exporter (a test's in-memory one). */
  spanProcessor?: SpanProcessor;
};

/**
 * OpenTelemetry's Node SDK with the HTTP server and client (instrumentation-http) and node-postgres
 * (instrumentation-pg) instrumented, exporting OTLP over HTTP; our own OCPP and PGlite spans are spans.ts.
 * The SDK's packages are imported here, on demand: a node without OTEL_EXPORTER_OTLP_ENDPOINT never loads them.
 *
 * The instrumentations patch a module when it is required after they are enabled. The built API (one bundle,
 * decision 066) has imported fastify, ws and pg before any of its own code runs, so once the SDK has started the
 * patched modules are required once more: http's Server.prototype.emit and pg's Client.prototype.query are the
 * objects those packages already hold, so their servers and clients are traced from then on (decision 086).
 */
export const startTracing = async (options: TracingOptions = {}): Promise<Tracing> => {
  const [{ NodeSDK }, { OTLPTraceExporter }, { BatchSpanProcessor }, { HttpInstrumentation }, { PgInstrumentation }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/resources'),
    ]);
  const spanProcessor = options.spanProcessor ?? new BatchSpanProcessor(new OTLPTraceExporter(options.url ? { url: options.url } : {}));
  const instrumentations = [
    new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.has((request.url ?? '').split('?')[0] ?? '') }),
    new PgInstrumentation(),
  ];
  const sdk = new NodeSDK({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? 'wattdesk-api' }),
    spanProcessors: [spanProcessor],
    instrumentations,
  });
  sdk.start();
  const require = createRequire(import.meta.url);
  require('http');
  require('https');
  require('pg');
  markTracingOn(true);
  return {
    forceFlush: () => spanProcessor.forceFlush(),
    shutdown: async () => {
      markTracingOn(false);
      await sdk.shutdown();
      // Unpatched and unregistered, so a process (a test worker) that goes on runs as if tracing had never started.
      for (const instrumentation of instrumentations) instrumentation.disable();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
};

/** Tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), otherwise nothing at all. */
export const startTracingFromEnv = async (env: NodeJS.ProcessEnv = process.env): Promise<Tracing | undefined> =>
  env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ? startTracing() : undefined;
