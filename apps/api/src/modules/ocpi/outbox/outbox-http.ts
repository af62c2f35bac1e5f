import { callOcpi } from '../client/ocpi-client.ts';
import type { PushSender } from './outbox-worker.ts';

/**
 * Sends a push with the one OCPI client: the partner URL checked (private addresses only where allowed), the
 * token Base64, fresh request ids, a 10-s limit; taken only on HTTP 2xx with an OCPI 1xxx status.
 */
export const ocpiPushSender =
  (allowPrivate: boolean): PushSender =>
  async ({ method, url, token, body }) => {
    if (method !== 'PUT' && method !== 'PATCH' && method !== 'POST') throw new Error(`Unsupported push method ${method}`);
    await callOcpi({ method, url, token, body, allowPrivate });
  };
