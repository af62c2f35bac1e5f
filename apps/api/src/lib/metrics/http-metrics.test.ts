import type { FastifyReply, FastifyRequest } from 'fastify';
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { parseExposition } from '../../../test/prometheus-text.ts';
import { createHttpMetrics } from './http-metrics.ts';

const request = (method: string, url: string | undefined) => ({ method, routeOptions: { url } }) as unknown as FastifyRequest;
const reply = (statusCode: number, elapsedMs: number) => ({ statusCode, elapsedTime: elapsedMs }) as unknown as FastifyReply;
const series = (labels: string) => `wattdesk_http_request_duration_seconds${labels}`;

describe('the request duration histogram', () => {
  it('exposes cumulative buckets, sum and count per method, route template and status, as Prometheus reads them', async () => {
    const registry = new Registry();
    const http = createHttpMetrics(registry);
    for (const ms of [3, 7, 7, 40, 20_000]) http.observe(request('GET', '/web/chargers/:id'), reply(200, ms));
    http.observe(request('GET', '/web/chargers/:id'), reply(404, 2));
    http.observe(request('BREW', undefined), reply(404, 1));

    const { samples, types } = parseExposition(await registry.metrics());
    expect(types.get('wattdesk_http_request_duration_seconds')).toBe('histogram');
    const ok = 'method="GET",route="/web/chargers/:id",status_code="200"';
    expect(samples.get(series(`_bucket{le="0.005",${ok}}`))).toBe(1);
    expect(samples.get(series(`_bucket{le="0.01",${ok}}`))).toBe(3);
    expect(samples.get(series(`_bucket{le="0.05",${ok}}`))).toBe(4);
    expect(samples.get(series(`_bucket{le="10",${ok}}`))).toBe(4);
    expect(samples.get(series(`_bucket{le="+Inf",${ok}}`))).toBe(5);
    expect(samples.get(series(`_count{${ok}}`))).toBe(5);
    expect(samples.get(series(`_sum{${ok}}`))).toBeCloseTo(20.057, 6);
    expect(samples.get(series('_count{method="GET",route="/web/chargers/:id",status_code="404"}'))).toBe(1);
    // A verb a client made up is one series, however many are tried.
    expect(samples.get(series('_count{method="OTHER",route="unmatched",status_code="404"}'))).toBe(1);
  });

  it('starts again from nothing when the registry is reset', async () => {
    const registry = new Registry();
    const http = createHttpMetrics(registry);
    http.observe(request('GET', '/healthz'), reply(200, 1));
    registry.resetMetrics();
    expect((await registry.metrics()).includes('route="/healthz"')).toBe(false);
  });
});
