import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTokenSigner } from '../../lib/signed-token.ts';
import type { SandboxExtension } from './sandbox-billing.ts';
import { createSandboxMoney } from './stripe-sandbox-money.ts';

/** The sandbox's own credentials: it is a local stand-in, these open nothing anywhere else. */
export const SANDBOX_SECRET_KEY = 'sk_test_wattdesk_sandbox';
export const SANDBOX_CLIENT_ID = 'ca_wattdesk_sandbox';
const CODE_TTL_MS = 5 * 60_000;

type CodePayload = { acct: string; client: string };

const readBody = (request: IncomingMessage) =>
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

const answer = (response: ServerResponse, status: number, body: object) => {
  response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_sandbox_${randomBytes(6).toString('hex')}` });
  response.end(JSON.stringify(body));
};

const oauthError = (response: ServerResponse, status: number, error: string, description: string) =>
  answer(response, status, { error, error_description: description });

/**
 * A local stand-in for Stripe Connect's OAuth, used when no Stripe keys are configured. The
 * authorization page (sandbox.routes.ts) issues codes; this loopback HTTP server redeems them in
 * Stripe's wire format (POST /oauth/token, /oauth/deauthorize, form-encoded, bearer secret key),
 * so the official SDK talks to it exactly as it talks to Stripe. Transfers and payouts: stripe-sandbox-money.ts. Codes are signed, expire and work
 * once, like Stripe's.
 */
export const createStripeSandbox = (secret: string, now: () => Date, extensions: readonly SandboxExtension[] = []) => {
  const codes = createTokenSigner(secret, 'stripe-sandbox-code');
  const used = new Map<string, number>();
  let listening: Promise<{ server: Server; port: number }> | undefined;
  const money = createSandboxMoney(now);

  const issueCode = (clientId: string): string =>
    `ac_${codes.sign<CodePayload>({ acct: `acct_sbx${randomBytes(8).toString('hex')}`, client: clientId }, new Date(now().getTime() + CODE_TTL_MS))}`;

  const redeem = (code: string): CodePayload | string => {
    const payload = code.startsWith('ac_') ? codes.verify<CodePayload>(code.slice(3), now()) : undefined;
    if (!payload) return `Authorization code does not exist: ${code.slice(0, 24)}`;
    const key = createHash('sha256').update(code).digest('hex');
    for (const [entry, expires] of used) if (expires < now().getTime()) used.delete(entry);
    if (used.has(key)) return `Authorization code has already been used: ${code.slice(0, 24)}`;
    used.set(key, now().getTime() + CODE_TTL_MS);
    return payload;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const params = new URLSearchParams(await readBody(request));
    if (request.headers.authorization !== `Bearer ${SANDBOX_SECRET_KEY}`) {
      return oauthError(response, 401, 'invalid_client', 'No valid API key provided.');
    }
    const moneyAnswer = money.handle(request, params);
    if (moneyAnswer?.loseAnswer) return void request.socket.destroy();
    if (moneyAnswer) return answer(response, moneyAnswer.status, moneyAnswer.body);
    if (request.method === 'POST' && request.url === '/oauth/token') {
      if (params.get('grant_type') !== 'authorization_code')
        return oauthError(response, 400, 'unsupported_grant_type', 'Only authorization_code is supported by the sandbox');
      const result = redeem(params.get('code') ?? '');
      if (typeof result === 'string') return oauthError(response, 400, 'invalid_grant', result);
      return answer(response, 200, {
        access_token: `sk_test_sandbox_${randomBytes(12).toString('hex')}`,
        livemode: false,
        refresh_token: `rt_sandbox_${randomBytes(12).toString('hex')}`,
        token_type: 'bearer',
        stripe_publishable_key: `pk_test_sandbox_${randomBytes(12).toString('hex')}`,
        stripe_user_id: result.acct,
        scope: 'read_write',
      });
    }
    if (request.method === 'POST' && request.url === '/oauth/deauthorize') {
      if (params.get('client_id') !== SANDBOX_CLIENT_ID)
        return oauthError(response, 401, 'invalid_client', `No such application: '${params.get('client_id') ?? ''}'`);
      return answer(response, 200, { stripe_user_id: params.get('stripe_user_id') ?? '' });
    }
    // The API half (/v1/...) lives in extension files, one per area, each answering the paths it knows.
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const query = new URLSearchParams([...url.searchParams, ...params]);
    const idempotencyKey = request.headers['idempotency-key'];
    for (const extension of extensions) {
      const result = extension({
        method: request.method ?? 'GET',
        path: url.pathname,
        params: query,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
      });
      if (result) return answer(response, result.status, result.body);
    }
    return answer(response, 404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method} ${request.url})` },
    });
  };

  /** Listens on a free loopback port the first time the SDK needs it. */
  const address = async (): Promise<{ host: string; port: number }> => {
    listening ??= new Promise((resolve, reject) => {
      const server = createServer((request, response) => {
        handle(request, response).catch(() => oauthError(response, 400, 'invalid_request', 'Malformed request'));
      });
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
    });
    return { host: '127.0.0.1', port: (await listening).port };
  };

  const close = async () => {
    if (!listening) return;
    const { server } = await listening;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  /** The sandbox signs its events with a secret of its own, derived from ours: not guessable from outside. */
  const webhookSecret = `whsec_${createHmac('sha256', secret).update('stripe-sandbox-webhook').digest('hex').slice(0, 32)}`;
  /**
   * The Stripe-Signature header Stripe would send with this event body (its v1 scheme, as the SDK's
   * generateTestHeaderString writes it; spelled out so the sandbox does not load the SDK at start).
   */
  const signEvent = (payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
    `t=${timestamp},v1=${createHmac('sha256', webhookSecret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

  return { issueCode, address, close, failNext: money.failNext, clearFaults: money.clearFaults, created: money.created, webhookSecret, signEvent };
};

export type StripeSandbox = ReturnType<typeof createStripeSandbox>;
