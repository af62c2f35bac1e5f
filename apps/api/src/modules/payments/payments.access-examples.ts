import { eq } from 'drizzle-orm';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { locationPaymentAccounts } from '../../db/schema/index.ts';

/**
 * A location with no connected account: connecting one where there is none is what Bank_Connect allows;
 * replacing one takes Bank_Account_Update (issue 43), which the DELETE example checks.
 */
const unconnected = async (ctx: ExampleContext, locationId: string) => {
  await ctx.db.delete(locationPaymentAccounts).where(eq(locationPaymentAccounts.locationId, locationId));
};

/**
 * A state and code for the location, obtained the way a browser does: authorize as the calling user,
 * then approve on the sandbox page. Users without Bank_Connect cannot start one; they get a made-up pair,
 * which the permission check refuses before anything reads it.
 */
const sandboxGrant = async (ctx: ExampleContext, locationId: string) => {
  const session = await ctx.freshSession();
  const started = await ctx.app.inject({
    method: 'POST',
    url: '/web/payments/connect/authorize',
    headers: { authorization: `Bearer ${session.access_token}` },
    payload: { locationId },
  });
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

/** Connects the location first (when the user may), so there is something to disconnect. */
const connected = async (ctx: ExampleContext, locationId: string) => {
  const grant = await sandboxGrant(ctx, locationId);
  if ('session' in grant && grant.session) {
    await ctx.app.inject({
      method: 'POST',
      url: '/web/payments/connect',
      headers: { authorization: `Bearer ${grant.session.access_token}` },
      payload: { state: grant.state, code: grant.code },
    });
  }
  return { query: { locationId } };
};

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/payments/connect',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/payments/connect/authorize',
    request: async (ctx) => {
      await unconnected(ctx, ctx.insideLocation);
      return { payload: { locationId: ctx.insideLocation } };
    },
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/payments/connect',
    request: async (ctx) => {
      await unconnected(ctx, ctx.insideLocation);
      const { state, code } = await sandboxGrant(ctx, ctx.insideLocation);
      return { payload: { state, code } };
    },
  },
  {
    route: 'DELETE /web/payments/connect',
    request: (ctx) => connected(ctx, ctx.insideLocation),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  // The sandbox plays the provider's own authorization page: public, like the provider's.
  {
    route: 'GET /web/payments/sandbox/oauth/authorize',
    request: () => ({ query: { client_id: 'ca_sandbox', state: 'x', redirect_uri: 'http://localhost/stripe/connected', response_type: 'code' } }),
  },
  { route: 'POST /web/payments/sandbox/oauth/authorize', request: () => ({ payload: { decision: 'deny' } }) },
];
