import { SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';

/**
 * Our own spans (OCPP calls, PGlite statements) through the OpenTelemetry API only: the SDK is loaded by tracing.ts
 * when OTEL_EXPORTER_OTLP_ENDPOINT is set. While it is not, these wrappers call the work directly — no span objects,
 * no context switch — since an OCPP node answers thousands of messages a second.
 */
let on = false;

export const tracingOn = (): boolean => on;

/** Called by tracing.ts once the SDK is registered. */
export const markTracingOn = (value: boolean): void => {
  on = value;
};

const tracer = () => trace.getTracer('wattdesk');

/** `errorCode`: the attribute that takes a failure's `code` (an OCPP error code, a SQLSTATE). */
const traced = <T>(name: string, kind: SpanKind, attributes: Attributes, errorCode: string, work: () => Promise<T>): Promise<T> =>
  tracer().startActiveSpan(name, { kind, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string') span.setAttribute(errorCode, code);
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
      throw error;
    } finally {
      span.end();
    }
  });

export type OcppSpanDetails = { action: string; chargerId: string; protocol: string | false; messageId?: string };

/**
 * A charger's CALL we answer (`incoming`, a server span) or ours to a charger (`outgoing`, a client span, until its
 * answer, error or timeout). A CALLERROR marks the span failed with its OCPP error code.
 */
export const withOcppSpan = <T>(direction: 'incoming' | 'outgoing', details: OcppSpanDetails, work: () => Promise<T>): Promise<T> => {
  if (!on) return work();
  const attributes: Attributes = {
    'rpc.system': 'ocpp',
    'rpc.method': details.action,
    'ocpp.action': details.action,
    'ocpp.direction': direction,
    'ocpp.charger_id': details.chargerId,
    'ocpp.protocol': details.protocol || 'none',
    ...(details.messageId ? { 'ocpp.message_id': details.messageId } : {}),
  };
  return traced(
    `ocpp ${direction} ${details.action}`,
    direction === 'incoming' ? SpanKind.SERVER : SpanKind.CLIENT,
    attributes,
    'ocpp.error_code',
    work,
  );
};

/** The first keyword of a statement (select, insert, execute…): a bounded span name. */
const operationOf = (statement: string) => /^\s*(\w+)/.exec(statement)?.[1]?.toLowerCase() ?? 'query';

/** One PGlite statement, as instrumentation-pg shows one on PostgreSQL. */
export const withDbSpan = <T>(statement: string, work: () => Promise<T>): Promise<T> => {
  if (!on) return work();
  const operation = operationOf(statement);
  return traced(
    `pglite ${operation}`,
    SpanKind.CLIENT,
    { 'db.system.name': 'postgresql', 'db.namespace': 'pglite', 'db.operation.name': operation, 'db.query.text': statement },
    'db.response.status_code',
    work,
  );
};

/** trace_id and span_id of the active span, for every log line while tracing is on (a pino mixin). */
export const traceLogFields = (): Record<string, string> => {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
};
