import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { PlaidErrorBody } from './plaid-sandbox-data.ts';

/** What the local Plaid sandbox answers: a status and a body in Plaid's JSON. */
export type Answer = { status: number; body: object };

export const requestId = () => randomBytes(8).toString('hex');
export const plaidError = (status: number, error: Omit<PlaidErrorBody, 'request_id'>): Answer => ({
  status,
  body: { ...error, request_id: requestId() },
});
export const invalidInput = (code: string, message: string) =>
  plaidError(400, { error_type: 'INVALID_INPUT', error_code: code, error_message: message, display_message: null });

export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) request.destroy(new Error('body too large'));
    });
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
