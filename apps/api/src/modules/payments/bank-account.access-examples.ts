import { ROLE_PERMISSIONS } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import type { AccessExample, ExampleContext } from '../../../test/access-examples.ts';
import { locationBankAccounts } from '../../db/schema/index.ts';

type Session = { access_token: string };
const call = (ctx: ExampleContext, session: Session, method: 'POST' | 'PUT', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: { authorization: `Bearer ${session.access_token}` }, payload });

/**
 * A public token for the location, obtained the way the browser does: a link token as the calling user, then
 * the sandbox Link's sign-in. Users without Bank_Account_Update cannot get one; they get a made-up token,
 * which the permission check refuses before anything reads it.
 */
const mayChange = (ctx: ExampleContext) => ROLE_PERMISSIONS[ctx.user.type].includes('Bank_Account_Update');

const publicToken = async (ctx: ExampleContext, locationId: string, session: Session | undefined) => {
  if (!session) return 'public-sandbox-not-permitted';
  const started = await call(ctx, session, 'POST', '/web/payments/bank-account/link-token', { locationId });
  if (started.statusCode !== 200) return 'public-sandbox-not-permitted';
  const linkToken = started.json<{ linkToken: string }>().linkToken;
  const signedIn = await call(ctx, session, 'POST', '/web/payments/plaid-sandbox/link', {
    linkToken,
    institutionId: 'ins_109509',
    username: 'user_good',
    password: 'pass_good',
  });
  return signedIn.json<{ publicToken: string }>().publicToken;
};

/** The location without an account (for a first save) or with one (to update or remove), made for this call. */
const prepared = async (ctx: ExampleContext, locationId: string, withAccount: boolean) => {
  // A sign-in costs a password hash: users who cannot change the account get the made-up token at once.
  if (!mayChange(ctx)) return undefined;
  await ctx.db.delete(locationBankAccounts).where(eq(locationBankAccounts.locationId, locationId));
  const session = await ctx.freshSession();
  if (withAccount) {
    await call(ctx, session, 'POST', '/web/payments/bank-account', { locationId, publicToken: await publicToken(ctx, locationId, session) });
  }
  return session;
};

export const accessExamples: AccessExample[] = [
  {
    route: 'GET /web/payments/bank-account',
    request: (ctx) => ({ query: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/payments/bank-account/link-token',
    request: (ctx) => ({ payload: { locationId: ctx.insideLocation } }),
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation } }),
  },
  {
    route: 'POST /web/payments/bank-account',
    request: async (ctx) => {
      const session = await prepared(ctx, ctx.insideLocation, false);
      return { payload: { locationId: ctx.insideLocation, publicToken: await publicToken(ctx, ctx.insideLocation, session) } };
    },
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, publicToken: 'public-sandbox-outside' } }),
  },
  {
    route: 'PUT /web/payments/bank-account',
    request: async (ctx) => {
      const session = await prepared(ctx, ctx.insideLocation, true);
      return { payload: { locationId: ctx.insideLocation, publicToken: await publicToken(ctx, ctx.insideLocation, session) } };
    },
    outside: (ctx) => ({ payload: { locationId: ctx.outsideLocation, publicToken: 'public-sandbox-outside' } }),
  },
  {
    route: 'DELETE /web/payments/bank-account',
    request: async (ctx) => {
      await prepared(ctx, ctx.insideLocation, true);
      return { query: { locationId: ctx.insideLocation } };
    },
    outside: (ctx) => ({ query: { locationId: ctx.outsideLocation } }),
  },
  // The sandbox's Link: no location involved, the link token it is given carries the caller.
  { route: 'GET /web/payments/plaid-sandbox/institutions', request: () => ({}) },
  {
    route: 'POST /web/payments/plaid-sandbox/link',
    request: async (ctx) => {
      if (!mayChange(ctx))
        return { payload: { linkToken: 'link-sandbox-not-permitted', institutionId: 'ins_109509', username: 'user_good', password: 'pass_good' } };
      const session = await ctx.freshSession();
      const started = await call(ctx, session, 'POST', '/web/payments/bank-account/link-token', { locationId: ctx.insideLocation });
      return {
        payload: {
          linkToken: started.json<{ linkToken: string }>().linkToken,
          institutionId: 'ins_109509',
          username: 'user_good',
          password: 'pass_good',
        },
      };
    },
  },
];
