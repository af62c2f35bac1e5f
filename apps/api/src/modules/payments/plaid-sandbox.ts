import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTokenSigner } from '../../lib/signed-token.ts';
import { institutionById, SANDBOX_PASSWORD, SANDBOX_USERNAME, type SandboxInstitution } from './plaid-sandbox-data.ts';
import { createMemoryPlaidStore, type PlaidSandboxStore, type SandboxItem, type SandboxPublicToken } from './plaid-sandbox-store.ts';
import { invalidInput, plaidError, readBody, requestId, type Answer } from './plaid-sandbox-wire.ts';
import type { SandboxBankTokens } from './sandbox-bank-tokens.ts';

/** The sandbox's own keys: it is a local stand-in, these open nothing anywhere else. */
export const PLAID_SANDBOX_CLIENT_ID = 'wattdesk_plaid_sandbox';
export const PLAID_SANDBOX_SECRET = 'wattdesk_plaid_sandbox_secret';
const LINK_TOKEN_TTL_MS = 4 * 60 * 60_000;
const PUBLIC_TOKEN_TTL_MS = 30 * 60_000;

type ItemPayload = { item: string; ins: string };
type Body = Record<string, unknown>;

export type PlaidSandboxOptions = {
  secret: string;
  now: () => Date;
  /** Items and public tokens (the database in the product; memory when omitted). */
  store?: PlaidSandboxStore;
  /** Makes the Stripe bank account tokens the Stripe sandbox accepts. */
  bankTokens?: SandboxBankTokens;
};

/**
 * A local stand-in for the Plaid API, used when PLAID_CLIENT_ID / PLAID_SECRET are not set (decision 049).
 * A loopback HTTP server speaks the calls Wattdesk makes (POST /link/token/create, /item/public_token/exchange,
 * /auth/get, /accounts/get, /item/remove, /processor/stripe/bank_account_token/create, and Plaid's
 * /sandbox/public_token/create) in Plaid's JSON and error bodies, so the official SDK talks to it as it talks
 * to Plaid. Items and public tokens are stored (plaid-sandbox-store.ts), so a restart forgets no linked Item.
 */
export const createPlaidSandbox = ({ secret, now, store = createMemoryPlaidStore(), bankTokens }: PlaidSandboxOptions) => {
  const linkTokens = createTokenSigner(secret, 'plaid-sandbox-link');
  const accessTokens = createTokenSigner(secret, 'plaid-sandbox-access');
  const publicTokens = new Map<string, SandboxPublicToken>();
  const items = new Map<string, SandboxItem>();
  let listening: Promise<{ server: Server; port: number }> | undefined;
  let loaded: Promise<void> | undefined;

  /** What the store kept from before a restart; read once, before the first answer. */
  const ready = () =>
    (loaded ??= store.load().then(
      (kept) => {
        for (const item of kept.items) items.set(item.itemId, item);
        for (const entry of kept.publicTokens) publicTokens.set(entry.token, entry);
      },
      (error: unknown) => {
        // Not reachable now (the database starting or gone): the next request reads again.
        loaded = undefined;
        throw error;
      },
    ));

  /** The Item is decided when Link succeeds, so the account ids Link reports are the ones /auth/get answers. */
  const issuePublicToken = async (institutionId: string) => {
    await ready();
    for (const [token, entry] of publicTokens)
      if (entry.expires < now().getTime()) {
        publicTokens.delete(token);
        await store.forgetPublicToken(token);
      }
    const entry = {
      token: `public-sandbox-${randomUUID()}`,
      institutionId,
      itemId: randomUUID().replaceAll('-', ''),
      expires: now().getTime() + PUBLIC_TOKEN_TTL_MS,
    };
    publicTokens.set(entry.token, entry);
    await store.savePublicToken(entry);
    return entry;
  };

  const validLinkToken = (token: string) => token.startsWith('link-sandbox-') && linkTokens.verify(token.slice(13), now()) !== undefined;

  /** What the sandbox Link does when a person signs in to a bank: a public token, or Plaid's refusal. */
  const signIn = async (input: { linkToken: string; institutionId: string; username: string; password: string }) => {
    if (!validLinkToken(input.linkToken)) return { error: 'This Link session has expired. Close it and start again' } as const;
    const institution = institutionById(input.institutionId);
    if (!institution) return { error: `Unknown sandbox institution: ${input.institutionId}` } as const;
    if (input.username !== SANDBOX_USERNAME || input.password !== SANDBOX_PASSWORD) {
      return { error: 'The provided credentials were not correct. In the sandbox, use user_good / pass_good' } as const;
    }
    const issued = await issuePublicToken(institution.institutionId);
    return { publicToken: issued.token, institution, accounts: institution.accounts(issued.itemId) } as const;
  };

  const item = (body: Body): { payload: ItemPayload; institution: SandboxInstitution } | Answer => {
    const token = typeof body.access_token === 'string' ? body.access_token : '';
    const payload = token.startsWith('access-sandbox-') ? accessTokens.verify<ItemPayload>(token.slice(15), new Date(0)) : undefined;
    const institution = payload ? institutionById(payload.ins) : undefined;
    if (!payload || !institution)
      return invalidInput(
        'INVALID_ACCESS_TOKEN',
        'provided access token is in an invalid format. expected format: access-<environment>-<identifier>',
      );
    if (items.get(payload.item)?.removed !== false) {
      return plaidError(400, {
        error_type: 'ITEM_ERROR',
        error_code: 'ITEM_NOT_FOUND',
        error_message:
          'the Item you requested cannot be found. This Item does not exist, has been previously removed via /item/remove, or has had access removed by the user.',
        display_message: null,
      });
    }
    return { payload, institution };
  };

  const itemBody = (payload: ItemPayload, institution: SandboxInstitution) => ({
    item_id: payload.item,
    institution_id: institution.institutionId,
    institution_name: institution.name,
    webhook: null,
    error: null,
    available_products: ['balance'],
    billed_products: ['auth'],
    consent_expiration_time: null,
    update_type: 'background',
  });
  const accountsOf = (payload: ItemPayload, institution: SandboxInstitution) =>
    institution.accounts(payload.item).map((entry) => ({
      ...entry,
      official_name: `${entry.name} Account`,
      balances: { available: 100, current: 110, limit: null, iso_currency_code: 'USD', unofficial_currency_code: null },
    }));

  const routes: Record<string, (body: Body) => Answer | Promise<Answer>> = {
    '/link/token/create': (body) => {
      const user = body.user as { client_user_id?: unknown } | undefined;
      if (typeof user?.client_user_id !== 'string') return invalidInput('INVALID_FIELD', 'user.client_user_id must be a non-empty string');
      const expiration = new Date(now().getTime() + LINK_TOKEN_TTL_MS);
      return {
        status: 200,
        body: {
          link_token: `link-sandbox-${linkTokens.sign({ u: user.client_user_id }, expiration)}`,
          expiration: expiration.toISOString(),
          request_id: requestId(),
        },
      };
    },
    '/sandbox/public_token/create': async (body) => {
      const institution = institutionById(typeof body.institution_id === 'string' ? body.institution_id : '');
      if (!institution) return invalidInput('INVALID_INSTITUTION', 'invalid institution_id provided');
      return { status: 200, body: { public_token: (await issuePublicToken(institution.institutionId)).token, request_id: requestId() } };
    },
    '/item/public_token/exchange': async (body) => {
      const token = typeof body.public_token === 'string' ? body.public_token : '';
      const entry = publicTokens.get(token);
      if (!entry || entry.expires < now().getTime()) {
        return invalidInput(
          'INVALID_PUBLIC_TOKEN',
          'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
        );
      }
      publicTokens.delete(token);
      await store.forgetPublicToken(token);
      const institution = institutionById(entry.institutionId)!;
      if (institution.exchangeError) return plaidError(400, institution.exchangeError);
      const itemId = entry.itemId;
      const created = { itemId, institutionId: institution.institutionId, removed: false };
      items.set(itemId, created);
      await store.saveItem(created);
      return {
        status: 200,
        body: {
          access_token: `access-sandbox-${accessTokens.sign<ItemPayload>({ item: itemId, ins: institution.institutionId }, new Date(8.64e15))}`,
          item_id: itemId,
          request_id: requestId(),
        },
      };
    },
    '/auth/get': (body) => {
      const found = item(body);
      if ('status' in found) return found;
      const accounts = accountsOf(found.payload, found.institution);
      const ach = accounts.map((entry) => ({
        account_id: entry.account_id,
        account: `1111222233${entry.mask}`,
        routing: '011401533',
        wire_routing: '021000021',
      }));
      return {
        status: 200,
        body: {
          accounts,
          numbers: { ach, eft: [], international: [], bacs: [] },
          item: itemBody(found.payload, found.institution),
          request_id: requestId(),
        },
      };
    },
    '/accounts/get': (body) => {
      const found = item(body);
      if ('status' in found) return found;
      return {
        status: 200,
        body: { accounts: accountsOf(found.payload, found.institution), item: itemBody(found.payload, found.institution), request_id: requestId() },
      };
    },
    '/item/remove': async (body) => {
      const found = item(body);
      if ('status' in found) return found;
      const removed = { itemId: found.payload.item, institutionId: found.institution.institutionId, removed: true };
      items.set(removed.itemId, removed);
      await store.saveItem(removed);
      return { status: 200, body: { request_id: requestId() } };
    },
    '/processor/stripe/bank_account_token/create': (body) => {
      const found = item(body);
      if ('status' in found) return found;
      const chosen = found.institution.accounts(found.payload.item).find((entry) => entry.account_id === body.account_id);
      if (!chosen) return invalidInput('INVALID_ACCOUNT_ID', 'failed to find requested account ID for requested item');
      if (found.institution.processorError) return plaidError(400, found.institution.processorError);
      if (!bankTokens) return invalidInput('INVALID_PRODUCT', 'the Stripe processor is not enabled for this sandbox');
      const token = bankTokens.issue(
        {
          bank: found.institution.name,
          last4: chosen.mask,
          routing: '110000000',
          holder: chosen.name,
          item: found.payload.item,
          account: chosen.account_id,
        },
        now(),
      );
      return { status: 200, body: { stripe_bank_account_token: token, request_id: requestId() } };
    },
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const send = ({ status, body }: Answer) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    let body: Body;
    try {
      body = JSON.parse((await readBody(request)) || '{}') as Body;
    } catch {
      return send(invalidInput('INVALID_BODY', 'body could not be parsed as JSON'));
    }
    const clientId = request.headers['plaid-client-id'] ?? body.client_id;
    const secretKey = request.headers['plaid-secret'] ?? body.secret;
    if (clientId !== PLAID_SANDBOX_CLIENT_ID || secretKey !== PLAID_SANDBOX_SECRET) {
      return send(invalidInput('INVALID_API_KEYS', 'invalid client_id or secret provided'));
    }
    const route = request.method === 'POST' ? routes[request.url ?? ''] : undefined;
    if (!route)
      return send(plaidError(404, { error_type: 'INVALID_REQUEST', error_code: 'NOT_FOUND', error_message: 'not found', display_message: null }));
    await ready();
    return send(await route(body));
  };

  /** Listens on a free loopback port the first time the SDK needs it. */
  const address = async (): Promise<string> => {
    listening ??= new Promise((resolve, reject) => {
      const server = createServer((request, response) => {
        handle(request, response).catch(() => {
          if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
          response.end(
            JSON.stringify({
              error_type: 'API_ERROR',
              error_code: 'INTERNAL_SERVER_ERROR',
              error_message: 'an unexpected error occurred',
              display_message: null,
              request_id: requestId(),
            }),
          );
        });
      });
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port }));
    });
    return `http://127.0.0.1:${(await listening).port}`;
  };

  const close = async () => {
    if (!listening) return;
    const { server } = await listening;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };

  return { address, close, signIn, issuePublicToken: async (institutionId: string) => (await issuePublicToken(institutionId)).token };
};

export type PlaidSandbox = ReturnType<typeof createPlaidSandbox>;
