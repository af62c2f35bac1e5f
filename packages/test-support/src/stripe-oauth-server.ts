import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StripeOAuthRequest = {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  params: Record<string, string>;
};

/** What the next token request gets: Stripe's success body, its invalid_grant error, or a dropped connection. */
export type StripeOAuthBehaviour = 'success' | 'invalid_grant' | 'hang-up';

export type StripeOAuthServer = {
  url: string;
  requests: StripeOAuthRequest[];
  behaviour: StripeOAuthBehaviour;
  /** The account id the next successful exchange answers. */
  accountId: string;
  close: () => Promise<void>;
};

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });

/**
 * A local HTTP server speaking Stripe Connect's OAuth wire format (connect.stripe.com/oauth/token and
 * /oauth/deauthorize: form-encoded requests with the secret key as bearer, JSON answers, OAuth-style
 * errors). The API's real Stripe SDK is pointed at it with STRIPE_API_URL.
 */
export const startStripeOAuthServer = async (): Promise<StripeOAuthServer> => {
  const state: StripeOAuthServer = { url: '', requests: [], behaviour: 'success', accountId: 'acct_1TestConnected', close: async () => undefined };
  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const path = request.url ?? '';
      state.requests.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        params,
      });
      const send = (status: number, payload: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_test_${state.requests.length}` });
        response.end(JSON.stringify(payload));
      };
      if (path === '/oauth/deauthorize') return send(200, { stripe_user_id: params.stripe_user_id });
      if (path !== '/oauth/token')
        return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method} ${path})` } });
      if (state.behaviour === 'hang-up') return request.socket.destroy();
      if (state.behaviour === 'invalid_grant') {
        return send(400, { error: 'invalid_grant', error_description: `Authorization code does not exist: ${params.code}` });
      }
      return send(200, {
        access_token: 'sk_test_connected_access',
        livemode: false,
        refresh_token: 'rt_test_refresh',
        token_type: 'bearer',
        stripe_publishable_key: 'pk_test_connected',
        stripe_user_id: state.accountId,
        scope: 'read_write',
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
};
