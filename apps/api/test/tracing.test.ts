import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { DEMO_CHARGER_PASSWORD, type CreatedCharger } from '@wattdesk/shared';
import { SimulatedCharger } from '@wattdesk/simulator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { DatabaseHandle } from '../src/db/client.ts';
import { demoLocationIds } from './fixtures.ts';
import { eventually } from './ocpp-harness.ts';
import { authed, createTestDatabase, loginAs, testConfig, testEngine } from './test-app.ts';
import { startTracing, type Tracing } from '../src/lib/tracing/tracing.ts';

type OtlpValue = { stringValue?: string; intValue?: string | number };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: OtlpValue }[];
};
type OtlpExport = { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((candidate) => candidate.key === key)?.value;
  return value?.stringValue ?? (value?.intValue === undefined ? undefined : Number(value.intValue));
};

/** An OTLP/HTTP collector in the test: it keeps every span POSTed to /v1/traces (JSON, as the exporter sends). */
const startCollector = async () => {
  const spans: OtlpSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const resource of body.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/v1/traces`, spans, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

describe('OpenTelemetry traces', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let tracing: Tracing;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let baseUrl: string;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    collector = await startCollector();
    tracing = await startTracing({ url: collector.url });
    database = await createTestDatabase({ seeded: true });
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    app = await buildApp({ config: testConfig({ LOG_LEVEL: 'debug' }), database, logger: { level: 'debug', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await tracing?.shutdown();
    await collector?.close();
  });

  it('exports a span per HTTP request named by its route, and every log line of it carries its request and trace ids', async () => {
    const response = await fetch(`${baseUrl}/web/chargers/WD-0001`);
    expect(response.status).toBe(401);
    await tracing.forceFlush();
    const span = await eventually(() => {
      const found = collector.spans.find((candidate) => candidate.name === 'GET /web/chargers/:id');
      expect(found).toBeDefined();
      return found!;
    });
    expect(attribute(span, 'http.route')).toBe('/web/chargers/:id');
    expect(attribute(span, 'http.response.status_code') ?? attribute(span, 'http.status_code')).toBe(401);
    const requestId = attribute(span, 'wattdesk.request_id');
    expect(requestId).toEqual(expect.any(String));
    const lines = logLines.filter((line) => line.reqId === requestId);
    expect(lines.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    for (const line of lines) expect(line.trace_id).toBe(span.traceId);
  });

  it('exports a span for each OCPP call a charger makes and each we make, with action and charger, and the statements run as child spans', async () => {
    const token = (await loginAs(app, 'SuperAdmin')).access_token;
    const locations = await demoLocationIds(database.db);
    const chargerId = `WD-TRACE-${Date.now().toString(36).toUpperCase()}`;
    const created = await app.inject(
      authed(token, {
        method: 'POST',
        url: '/web/chargers',
        payload: { locationId: locations['oak-jack-london'], chargerId, name: 'Traced', kind: 'smart' },
      }),
    );
    expect(created.statusCode).toBe(201);
    const charger = new SimulatedCharger({
      url: baseUrl,
      chargerId,
      password: created.json<CreatedCharger>().ocppPassword ?? DEMO_CHARGER_PASSWORD,
      meterIntervalSeconds: 3600,
      autoHeartbeat: false,
      callTimeoutMs: 5000,
    });
    try {
      await charger.connect();
      await tracing.forceFlush();
      const boot = await eventually(() => {
        const found = collector.spans.find(
          (span) => span.name === 'ocpp incoming BootNotification' && attribute(span, 'ocpp.charger_id') === chargerId,
        );
        expect(found).toBeDefined();
        return found!;
      });
      expect(attribute(boot, 'ocpp.action')).toBe('BootNotification');
      expect(attribute(boot, 'ocpp.protocol')).toBe('ocpp1.6');
      // The statements the BootNotification ran inside its span are its children: ours on PGlite, instrumentation-pg's
      // on PostgreSQL (pool connects and queries).
      const statements = collector.spans.filter((span) => span.parentSpanId === boot.spanId);
      expect(statements.length).toBeGreaterThan(0);
      // A remote action is our call to the charger: a client span until the charger's answer.
      const reset = await app.inject(
        authed(token, { method: 'POST', url: `/web/chargers/${created.json<CreatedCharger>().id}/reset`, payload: { type: 'Soft' } }),
      );
      expect(reset.statusCode).toBe(200);
      await tracing.forceFlush();
      const call = await eventually(() => {
        const found = collector.spans.find((span) => span.name === 'ocpp outgoing Reset' && attribute(span, 'ocpp.charger_id') === chargerId);
        expect(found).toBeDefined();
        return found!;
      });
      expect({ kind: call.kind, action: attribute(call, 'ocpp.action'), direction: attribute(call, 'ocpp.direction') }).toEqual({
        kind: 3, // SPAN_KIND_CLIENT
        action: 'Reset',
        direction: 'outgoing',
      });
      if (testEngine === 'pglite') {
        expect(statements.every((span) => span.name.startsWith('pglite ') && typeof attribute(span, 'db.query.text') === 'string')).toBe(true);
      } else {
        expect(statements.some((span) => typeof (attribute(span, 'db.query.text') ?? attribute(span, 'db.statement')) === 'string')).toBe(true);
      }
    } finally {
      await charger.close();
    }
  });
});
