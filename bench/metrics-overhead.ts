/**
 * CPU per metrics observation on the hot paths (issue 45, decision 085), measured in isolation: the request
 * histogram's onResponse work across 200 route series, an OCPP message counted, a call's round trip observed, and
 * one scrape of a registry holding those series. CPU time (process.cpuUsage), so a loaded machine inflates it less
 * than it does throughput; api-throughput's (c) / (d) is the end-to-end figure.
 */
import { loadavg } from 'node:os';
import { Registry } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHttpMetrics } from '../apps/api/src/lib/metrics/http-metrics.ts';
import { createOcppMetrics } from '../apps/api/src/lib/metrics/ocpp-metrics.ts';

console.log(
  `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')}`,
);
const registry = new Registry();
const http = createHttpMetrics(registry);
const ocpp = createOcppMetrics(registry);
const routes = Array.from({ length: 200 }, (_, i) => `/web/area${i % 40}/thing${i}/:id`);
const requests = routes.map((url) => ({ method: 'GET', routeOptions: { url } }) as unknown as FastifyRequest);
const reply = { statusCode: 200, elapsedTime: 3.2 } as unknown as FastifyReply;
const cpu = (label: string, n: number, work: (i: number) => void) => {
  for (let i = 0; i < 100_000; i++) work(i);
  const start = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) work(i);
  const used = process.cpuUsage(start);
  console.log(
    `${label}: ${(((used.user + used.system) / n) * 1000).toFixed(0)} ns CPU per call (wall ${(((performance.now() - t0) * 1e6) / n).toFixed(0)} ns)`,
  );
};
cpu('http observe (200 routes)', 2_000_000, (i) => http.observe(requests[i % 200]!, reply));
cpu('ocpp received', 2_000_000, (i) => ocpp.traffic.received('1.6', i % 2 ? 'Heartbeat' : 'MeterValues'));
cpu('ocpp settled', 2_000_000, () => ocpp.traffic.settled('1.6', 'Reset', 0.042, 'result'));
const start = process.cpuUsage();
for (let i = 0; i < 50; i++) await registry.metrics();
const used = process.cpuUsage(start);
console.log(`scrape with 200 route series: ${((used.user + used.system) / 50 / 1000).toFixed(1)} ms CPU, ${(await registry.metrics()).length} bytes`);
