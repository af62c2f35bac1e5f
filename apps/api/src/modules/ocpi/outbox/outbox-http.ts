import { authorizationHeaderOf } from '../transport/ocpi-token.ts';
import { randomUUID } from 'node:crypto';
import type { PushSender } from './outbox-worker.ts';

/**
 * Sends a push the OCPI way: the token Base64 in `Authorization: Token`, fresh request and correlation ids, a
 * 10-s limit; taken only when the HTTP status is 2xx and the envelope's status_code is 1xxx.
 */
export const sendOcpiPush: PushSender = async ({ method, url, token, body }) => {
  const response = await fetch(url, {
    method,
    headers: {
      authorization: authorizationHeaderOf(token),
      'content-type': 'application/json',
      'x-request-id': randomUUID(),
      'x-correlation-id': randomUUID(),
    },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  }).catch((error: unknown) => {
    throw new Error(`Could not reach the partner: ${error instanceof Error ? error.message : String(error)}`);
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`The partner answered HTTP ${response.status}`);
  let statusCode: unknown;
  try {
    statusCode = (JSON.parse(text) as { status_code?: unknown }).status_code;
  } catch {
    throw new Error('The partner answered something that is not OCPI JSON');
  }
  if (typeof statusCode !== 'number' || statusCode < 1000 || statusCode >= 2000)
    throw new Error(`The partner refused it with OCPI status ${String(statusCode)}`);
};
