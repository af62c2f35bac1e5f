import type { BankLinkToken, SandboxLinkAnswer } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { SANDBOX_SECRET_KEY } from '../src/modules/payments/stripe-sandbox.ts';
import { authed } from './test-app.ts';

/** What the browser does with Plaid Link: a link token, then the sandbox Link's sign-in (Link's onSuccess values). */
export const linkInSandbox = async (app: FastifyInstance, token: string, locationId: string, institutionId = 'ins_109508') => {
  const started = await app.inject(authed(token, { method: 'POST', url: '/web/payments/bank-account/link-token', payload: { locationId } }));
  const { linkToken } = started.json<BankLinkToken>();
  const signedIn = await app.inject(
    authed(token, {
      method: 'POST',
      url: '/web/payments/plaid-sandbox/link',
      payload: { linkToken, institutionId, username: 'user_good', password: 'pass_good' },
    }),
  );
  if (signedIn.statusCode !== 200) throw new Error(`sandbox Link refused: ${signedIn.body}`);
  return signedIn.json<SandboxLinkAnswer>();
};

/** What the browser does with Stripe Connect: authorize, approve on the sandbox's page, come back with the code. */
export const connectInSandbox = async (app: FastifyInstance, token: string, locationId: string) => {
  const started = await app.inject(authed(token, { method: 'POST', url: '/web/payments/connect/authorize', payload: { locationId } }));
  if (started.statusCode !== 200) return started;
  const url = new URL(started.json<{ url: string }>().url);
  const decided = await app.inject({
    method: 'POST',
    url: '/web/payments/sandbox/oauth/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: url.searchParams.get('client_id')!,
      state: url.searchParams.get('state')!,
      redirect_uri: url.searchParams.get('redirect_uri')!,
      decision: 'approve',
    }).toString(),
  });
  const back = new URL(decided.headers.location as string);
  return app.inject(
    authed(token, {
      method: 'POST',
      url: '/web/payments/connect',
      payload: { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
    }),
  );
};

/** The Stripe SDK pointed at the app's sandbox: what Stripe itself says the connected account pays out to. */
export const stripeOf = async (app: FastifyInstance) => {
  const { host, port } = await app.payouts.sandbox.address();
  return new Stripe(SANDBOX_SECRET_KEY, { host, port, protocol: 'http', maxNetworkRetries: 0 });
};
