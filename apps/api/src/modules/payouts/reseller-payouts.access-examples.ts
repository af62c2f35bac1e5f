import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { resellerPaymentAccounts } from '../../db/schema/index.ts';

/** Signs in again and calls as that session (the grant must be finished by the user who started it). */
const as = (ctx: ExampleContext, token: string, method: 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

/**
 * A state and code for the reseller's account, the way a browser gets them: authorize as the calling user, approve on
 * the sandbox page. Users who may not start one get a made-up pair, refused before anything reads it.
 */
const sandboxGrant = async (ctx: ExampleContext) => {
  const session = await ctx.freshSession();
  const started = await as(ctx, session.access_token, 'POST', '/web/payments/reseller/connect/authorize');
  if (started.statusCode !== 200) return { state: 'not-permitted', code: 'ac_not_permitted' };
  const url = new URL(started.json<{ url: string }>().url);
  const decided = await ctx.app.inject({
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
  return { state: back.searchParams.get('state')!, code: back.searchParams.get('code')!, session };
};

/** The reseller's money belongs to no location: none of these routes is scoped to one. */
export const accessExamples: AccessExample[] = [
  { route: 'GET /web/payments/reseller', request: () => ({}) },
  { route: 'POST /web/payments/reseller/connect/authorize', request: () => ({}) },
  {
    route: 'POST /web/payments/reseller/connect',
    request: async (ctx) => {
      const { state, code } = await sandboxGrant(ctx);
      return { payload: { state, code } };
    },
  },
  {
    route: 'DELETE /web/payments/reseller/connect',
    request: async (ctx) => {
      await ctx.db
        .insert(resellerPaymentAccounts)
        .values({ accountId: 'acct_sbxresellerexample', livemode: false, sandbox: true, connectedAt: new Date() })
        .onConflictDoNothing();
      return {};
    },
  },
  // No reseller account is connected here: the refusal for that shows the call got past access. Transfers themselves are tested in reseller-payouts.routes.test.ts.
  {
    route: 'POST /web/payments/reseller/transfers',
    request: async (ctx) => {
      await ctx.db.delete(resellerPaymentAccounts);
      return { payload: { currency: 'USD', idempotencyKey: crypto.randomUUID() } };
    },
    permitted: { status: 400, code: 'TRANSFER_FAILED' },
  },
];
