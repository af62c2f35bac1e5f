import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTokenSigner } from '../../lib/signed-token.ts';
import { institutionById, SANDBOX_PASSWORD, SANDBOX_USERNAME, type SandboxInstitution } from './plaid-sandbox-data.ts';
import { invalidInput, plaidError, readBody, requestId, type Answer } from './plaid-sandbox-wire.ts';

/** The sandbox's own keys: it is a local stand-in, these open nothing anywhere else. */
export const PLAID_SANDBOX_CLIENT_ID = 'wattdesk_plaid_sandbox';
export const PLAID_SANDBOX_SECRET = 'wattdesk_plaid_sandbox_secret';
const LINK_TOKEN_TTL_MS = 4 * 60 * 60_000;
const PUBLIC_TOKEN_TTL_MS = 30 * 60_000;

type ItemPayload = { item: string; ins: string };
type Body = Record<string, unknown>;

/**
 * A local stand-in for the Plaid API, used when PLAID_CLIENT_ID / PLAID_SECRET are not set (decision 049).
 * A loopback HTTP server speaks the calls Wattdesk makes (POST /link/token/create, /item/public_token/exchange,
 * /auth/get, /accounts/get, /item/remove, and Plaid's /sandbox/public_token/create) in Plaid's JSON and error
 * bodies, so the official SDK talks to it as it talks to Plaid. Access tokens are signed, so they survive restarts.
 */
export const createPlaidSandbox = (secret: string, now: () => Date) => {
  const linkTokens = createTokenSigner(secret, 'plaid-sandbox-link');
  const accessTokens = createTokenSigner(secret, 'plaid-sandbox-access');
  const publicTokens = new Map<string, { institutionId: string; itemId: string; expires: number }>();
  const removedItems = new Set<string>();
  let listening: Promise<{ server: Server; port: number }> | undefined;

  /** The Item is decided when Link succeeds, so the account ids Link reports are the ones /auth/get answers. */
  const issuePublicToken = (institutionId: string) => {
    for (const [token, entry] of publicTokens) if (entry.expires < now().getTime()) publicTokens.delete(token);
    const token = `public-sandbox-${randomUUID()}`;
    const itemId = randomUUID().replaceAll('-', '');
    publicTokens.set(token, { institutionId, itemId, expires: now().getTime() + PUBLIC_TOKEN_TTL_MS });
    return { token, itemId };
  };

  const validLinkToken = (token: string) => token.startsWith('link-sandbox-') && linkTokens.verify(token.slice(13), now()) !== undefined;

  /** What the sandbox Link does when a person signs in to a bank: a public token, or Plaid's refusal. */
  const signIn = (input: { linkToken: string; institutionId: string; username: string; password: string }) => {
    if (!validLinkToken(input.linkToken)) return { error: 'This Link session has expired. Close it and start again' } as const;
    const institution = institutionById(input.institutionId);
    if (!institution) return { error: `Unknown sandbox institution: ${input.institutionId}` } as const;
    if (input.username !== SANDBOX_USERNAME || input.password !== SANDBOX_PASSWORD) {
      return { error: 'The provided credentials were not correct. In the sandbox, use user_good / pass_good' } as const;
    }
    const issued = issuePublicToken(institution.institutionId);
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
    if (removedItems.has(payload.item)) {
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

  const routes: Record<string, (body: Body) => Answer> = {
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
    '/sandbox/public_token/create': (body) => {
      const institution = institutionById(typeof body.institution_id === 'string' ? body.institution_id : '');
      if (!institution) return invalidInput('INVALID_INSTITUTION', 'invalid institution_id provided');
      return { status: 200, body: { public_token: issuePublicToken(institution.institutionId).token, request_id: requestId() } };
    },
    '/item/public_token/exchange': (body) => {
      const token = typeof body.public_token === 'string' ? body.public_token : '';
      const entry = publicTokens.get(token);
      if (!entry || entry.expires < now().getTime()) {
        return invalidInput(
          'INVALID_PUBLIC_TOKEN',
          'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
        );
      }
      publicTokens.delete(token);
      const institution = institutionById(entry.institutionId)!;
      if (institution.exchangeError) return plaidError(400, institution.exchangeError);
      const itemId = entry.itemId;
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
    '/item/remove': (body) => {
      const found = item(body);
      if ('status' in found) return found;
      removedItems.add(found.payload.item);
      return { status: 200, body: { request_id: requestId() } };
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
    return send(route(body));
  };

  /** Listens on a free loopback port the first time the SDK needs it. */
  const address = async (): Promise<string> => {
    listening ??= new Promise((resolve, reject) => {
      const server = createServer((request, response) => void handle(request, response));
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

  return { address, close, signIn, issuePublicToken: (institutionId: string) => issuePublicToken(institutionId).token };
};

export type PlaidSandbox = ReturnType<typeof createPlaidSandbox>;
