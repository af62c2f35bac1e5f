import { AppError } from '@wattdesk/shared';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const digest = (value: string) => createHash('sha256').update(value).digest();

const isLoopback = (address: string | undefined) =>
  address !== undefined && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** A request a proxy forwarded is someone else's, even when the proxy runs on this host. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Who may read /metrics: with METRICS_TOKEN, whoever sends it as a bearer token; without, only this host —
 * a request from the loopback address that no proxy forwarded. Returns the refusal, or undefined.
 */
export const metricsAccess = (token: string | undefined) => {
  const expected = token === undefined ? undefined : digest(token);
  return (request: FastifyRequest): AppError | undefined => {
    if (expected) {
      const match = /^bearer +(\S+) *$/i.exec(request.headers.authorization ?? '');
      // Digests compared in constant time: the token's length and content do not leak through timing.
      if (match?.[1] && timingSafeEqual(digest(match[1]), expected)) return undefined;
      return new AppError('UNAUTHENTICATED', {
        messages: ['Send the metrics token: Authorization: Bearer <METRICS_TOKEN>'],
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    if (isLoopback(request.socket.remoteAddress) && !FORWARDING_HEADERS.some((header) => header in request.headers)) return undefined;
    return new AppError('FORBIDDEN', { messages: ['Metrics are served to this host only; set METRICS_TOKEN to read them from elsewhere'] });
  };
};
