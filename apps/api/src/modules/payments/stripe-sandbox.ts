import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTokenSigner } from '../../lib/signed-token.ts';
import { createSandboxEventDelivery, type SandboxEndpoint, type SandboxTransport } from './sandbox-events.ts';
import { createMemorySandboxState, type SandboxEvents, type SandboxState } from './sandbox-state.ts';
import type { SandboxAnswer, SandboxExtension, SandboxRequest } from './sandbox-wire.ts';
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
const oauthAnswer = (status: number, error: string, description: string): SandboxAnswer => ({
  status,
  body: { error, error_description: description },
});

type StoredState = SandboxState & { load?: () => Promise<void> };

export type StripeSandboxOptions = {
  /** The product's own secret: codes and the webhook signing secret derive from it. */
  secret: string;
  now: () => Date;
  /** Where objects live: the database (sandbox-store.ts) in the product, memory for a throwaway sandbox. */
  state?: StoredState;
  /** The product's webhook endpoints and the events each asked for (sandbox-endpoints.ts). */
  endpoints?: readonly SandboxEndpoint[];
  /** How long a payout is in transit before it lands (SANDBOX_PAYOUT_DELAY_SECONDS). */
  payoutDelayMs?: number;
  /** First webhook retry after this long, doubling per attempt up to `webhookMaxRetryMs` (Stripe's backoff, shortened). */
  webhookRetryMs?: number;
  webhookMaxRetryMs?: number;
};

/**
 * A local stand-in for Stripe, used when no Stripe keys are configured. The authorization page
 * (sandbox.routes.ts) issues codes; this loopback HTTP server redeems them in Stripe's wire format
 * (POST /oauth/token, /oauth/deauthorize, form-encoded, bearer secret key), so the official SDK talks to
 * it exactly as it talks to Stripe. Codes are signed, expire and work once, like Stripe's; the set of used
 * codes stays in memory (a code lives five minutes, a restart that forgets it can only let an unexpired code
 * be refused by our own once-only grant table). Transfers and payouts: stripe-sandbox-money.ts; other areas
 * are extensions (`use`) over the same stored state. Every answer waits until the state is stored; the events
 * it caused are then delivered, signed, to the product's endpoints (sandbox-events.ts).
 */
export const createStripeSandbox = (options: StripeSandboxOptions) => {
  const { secret, now } = options;
  const state: StoredState = options.state ?? createMemorySandboxState();
  const codes = createTokenSigner(secret, 'stripe-sandbox-code');
  const used = new Map<string, number>();
  const extensions: SandboxExtension[] = [];
  let listening: Promise<{ server: Server; port: number }> | undefined;

  /** The sandbox signs its events with a secret of its own, derived from ours: not guessable from outside. */
  const webhookSecret = `whsec_${createHmac('sha256', secret).update('stripe-sandbox-webhook').digest('hex').slice(0, 32)}`;
  /**
   * The Stripe-Signature header Stripe would send with this event body (its v1 scheme, as the SDK's
   * generateTestHeaderString writes it; spelled out so the sandbox does not load the SDK at start). Signed with
   * the real time, as the product checks the timestamp against its own clock.
   */
  const signEvent = (payload: string, timestamp = Math.floor(Date.now() / 1000)) =>
    `t=${timestamp},v1=${createHmac('sha256', webhookSecret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')}`;

  const delivery = createSandboxEventDelivery({
    state,
    endpoints: options.endpoints ?? [],
    sign: (payload) => signEvent(payload),
    now,
    ...(options.webhookRetryMs ? { retryMs: options.webhookRetryMs } : {}),
    ...(options.webhookMaxRetryMs ? { maxRetryMs: options.webhookMaxRetryMs } : {}),
  });
  const events: SandboxEvents = { emit: delivery.emit };
  const money = createSandboxMoney({ state, events, now, ...(options.payoutDelayMs !== undefined ? { payoutDelayMs: options.payoutDelayMs } : {}) });

  /** Stores what changed, then lets the events it caused go (after the answer, which the caller sends first). */
  const commit = async () => {
    await state.flush();
    setImmediate(() => void delivery.kick());
  };

  // Payouts land by the sandbox's clock (a test's may be moved by hand): look now and then while one is on its way.
  let watch: NodeJS.Timeout | undefined;
  const settle = () => {
    if (money.settleDue() > 0) commit().catch(() => undefined);
  };

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

  const oauth = (request: IncomingMessage, params: URLSearchParams): SandboxAnswer | undefined => {
    if (request.method === 'POST' && request.url === '/oauth/token') {
      if (params.get('grant_type') !== 'authorization_code')
        return oauthAnswer(400, 'unsupported_grant_type', 'Only authorization_code is supported by the sandbox');
      const result = redeem(params.get('code') ?? '');
      if (typeof result === 'string') return oauthAnswer(400, 'invalid_grant', result);
      return {
        status: 200,
        body: {
          access_token: `sk_test_sandbox_${randomBytes(12).toString('hex')}`,
          livemode: false,
          refresh_token: `rt_sandbox_${randomBytes(12).toString('hex')}`,
          token_type: 'bearer',
          stripe_publishable_key: `pk_test_sandbox_${randomBytes(12).toString('hex')}`,
          stripe_user_id: result.acct,
          scope: 'read_write',
        },
      };
    }
    if (request.method === 'POST' && request.url === '/oauth/deauthorize') {
      if (params.get('client_id') !== SANDBOX_CLIENT_ID)
        return oauthAnswer(401, 'invalid_client', `No such application: '${params.get('client_id') ?? ''}'`);
      return { status: 200, body: { stripe_user_id: params.get('stripe_user_id') ?? '' } };
    }
    return undefined;
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const params = new URLSearchParams(await readBody(request));
    if (request.headers.authorization !== `Bearer ${SANDBOX_SECRET_KEY}`) {
      return answer(response, 401, { error: 'invalid_client', error_description: 'No valid API key provided.' });
    }
    // The API half (/v1/...): money here, other areas in extension files, each answering the paths it knows.
    const url = new URL(request.url ?? '/', 'http://sandbox');
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' ? value : undefined;
    };
    const sandboxRequest: SandboxRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      params: new URLSearchParams([...url.searchParams, ...params]),
      idempotencyKey: header('idempotency-key'),
      account: header('stripe-account'),
    };
    const result =
      money.handle(sandboxRequest, params) ??
      oauth(request, params) ??
      extensions.reduce<SandboxAnswer | undefined>((found, extension) => found ?? extension(sandboxRequest), undefined);
    try {
      await commit();
    } catch {
      return answer(response, 500, { error: { type: 'api_error', message: 'The sandbox could not store the change. Try again.' } });
    }
    if (result && 'loseAnswer' in result && result.loseAnswer) return void request.socket.destroy();
    if (result) return answer(response, result.status, result.body);
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

  /** Stops delivering and landing payouts; a delivery in flight is finished and stored first. */
  const stop = async () => {
    clearInterval(watch);
    await delivery.stop();
  };

  const close = async () => {
    await stop();
    if (!listening) return;
    const { server } = await listening;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return {
    issueCode,
    address,
    /** Reads the stored state (before the first answer); delivery starts with `connect`. */
    load: async () => {
      await state.load?.();
    },
    /** Starts delivering events (and what a restart left undelivered) and landing payouts. */
    connect: (transport: SandboxTransport) => {
      delivery.connect(transport);
      clearInterval(watch);
      watch = setInterval(settle, Math.min(Math.max(options.payoutDelayMs ?? 1000, 100), 1000)).unref();
      settle();
    },
    stop,
    close,
    /** Registers an extension (an area of Stripe's API) answering over the same state and events. */
    use: (extension: SandboxExtension) => void extensions.push(extension),
    state,
    events,
    commit,
    /** Delivers what is due now and resolves once its outcome is stored (tests moving the clock by hand). */
    deliverDue: () => delivery.kick(),
    undelivered: delivery.undelivered,
    /** Lands payouts due by the sandbox's clock now, and delivers their events. */
    settlePayouts: async () => {
      money.settleDue();
      await commit();
      await delivery.kick();
    },
    failNext: money.failNext,
    failNextPayout: money.failNextPayout,
    clearFaults: money.clearFaults,
    created: money.created,
    webhookSecret,
    signEvent,
  };
};

export type StripeSandbox = ReturnType<typeof createStripeSandbox>;
