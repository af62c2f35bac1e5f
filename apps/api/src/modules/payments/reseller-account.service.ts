import { AppError, failureMessages, type ResellerAccount, type StartStripeConnectResponse } from '@wattdesk/shared';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { stripeOauthGrants } from '../../db/schema/index.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { createTokenSigner } from '../../lib/signed-token.ts';
import type { SystemEvents } from '../../lib/system-events.ts';
import { hashToken } from '../../lib/tokens.ts';
import { STATE_TTL_MS } from './payments.service.ts';
import * as grants from './payments.repository.ts';
import * as repo from './reseller-account.repository.ts';
import { GatewayError, type StripeGateway } from './stripe-gateway.ts';

export type ResellerAccountDeps = {
  db: Database;
  gateway: Pick<StripeGateway, 'isSandbox' | 'authorizeUrl' | 'exchangeCode' | 'deauthorize'>;
  secret: string;
  publicUrl: string;
  systemEvents: Pick<SystemEvents, 'record'>;
  now: () => Date;
};

/** Where the provider sends the browser back: its own page, so the code is finished for the reseller, never a location. */
export const RESELLER_CONNECTED_PATH = '/stripe/reseller-connected';

export const toResellerAccount = (row: repo.ResellerAccountRow): ResellerAccount => ({
  accountId: row.accountId,
  livemode: row.livemode,
  sandbox: row.sandbox,
  connectedAt: row.connectedAt.toISOString(),
  connectedByEmail: row.connectedByEmail,
});

const connectError = (code: 'STRIPE_STATE_INVALID' | 'STRIPE_CONNECT_FAILED' | 'STRIPE_UNAVAILABLE', reason: string) =>
  new AppError(code, { messages: [failureMessages.connectStripe, reason] });

/**
 * The reseller's own Stripe account (issue 43 part 3): the same Connect flow as a location's (decision 041), with a
 * state signed for another purpose, so a reseller's state can never finish a location's connection or the reverse.
 */
export const createResellerAccountService = ({ db, gateway, secret, publicUrl, systemEvents, now }: ResellerAccountDeps) => {
  const states = createTokenSigner(secret, 'stripe-oauth-state-reseller');

  const providerError = (event: string, error: GatewayError) =>
    systemEvents.record({
      level: error.kind === 'unreachable' ? 'error' : 'warning',
      source: 'provider',
      event,
      message: `Stripe: ${error.reason}`,
      details: { provider: 'stripe', kind: error.kind, reseller: true, sandbox: gateway.isSandbox },
    });

  const start = async (auth: AuthContext): Promise<StartStripeConnectResponse> => {
    const state = states.sign({ u: auth.userId }, new Date(now().getTime() + STATE_TTL_MS));
    return { url: await gateway.authorizeUrl(state, `${publicUrl}${RESELLER_CONNECTED_PATH}`), sandbox: gateway.isSandbox };
  };

  const connect = async (auth: AuthContext, actor: Actor, state: string, code: string): Promise<ResellerAccount> => {
    const payload = states.verify<{ u: string }>(state, now());
    if (!payload || payload.u !== auth.userId)
      throw connectError('STRIPE_STATE_INVALID', 'This authorization has expired or was not started by you. Start again from Reseller payouts');
    const codeSha256 = hashToken(code);
    if (!(await grants.claimGrant(db, { codeSha256, userId: auth.userId, locationId: null }))) {
      // The same code posted twice connects once: the second answer is the first one's account, if it got there.
      const [grant] = await db.select().from(stripeOauthGrants).where(eq(stripeOauthGrants.codeSha256, codeSha256)).limit(1);
      const row = await repo.findAccount(db);
      if (grant?.status === 'connected' && grant.locationId === null && row?.accountId === grant.accountId) return toResellerAccount(row);
      throw connectError('STRIPE_CONNECT_FAILED', 'This authorization was already used. Start again from Reseller payouts');
    }
    let account;
    try {
      account = await gateway.exchangeCode(code);
    } catch (error) {
      await grants.releaseGrant(db, codeSha256);
      if (!(error instanceof GatewayError)) throw error;
      await providerError('stripe.reseller_connect_failed', error);
      throw connectError(error.kind === 'unreachable' ? 'STRIPE_UNAVAILABLE' : 'STRIPE_CONNECT_FAILED', error.reason);
    }
    const row = await db.transaction(async (tx) => {
      const before = await repo.findAccount(tx);
      const saved = await repo.upsertAccount(tx, {
        accountId: account.accountId,
        livemode: account.livemode,
        sandbox: gateway.isSandbox,
        scope: account.scope,
        connectedByUserId: auth.userId,
        connectedByEmail: auth.email,
        connectedAt: now(),
      });
      await grants.completeGrant(tx, codeSha256, account.accountId);
      await recordActivity(tx, actor, {
        action: 'payouts.reseller_stripe_connect',
        entity: 'reseller',
        entityId: null,
        changes: { stripeAccountId: { before: before?.accountId ?? null, after: account.accountId } },
      });
      return saved;
    });
    return toResellerAccount(row);
  };

  const disconnect = async (actor: Actor): Promise<void> => {
    const row = await repo.findAccount(db);
    if (!row) throw new AppError('STRIPE_NOT_CONNECTED', { messages: ['No Stripe account is connected for the reseller'] });
    try {
      // A sandbox connection left over from before Stripe keys were configured was never Stripe's to revoke.
      if (row.sandbox === gateway.isSandbox) await gateway.deauthorize(row.accountId);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      await providerError('stripe.reseller_disconnect_failed', error);
      throw new AppError('STRIPE_DISCONNECT_FAILED', { messages: ['Unable to disconnect Stripe', error.reason] });
    }
    await db.transaction(async (tx) => {
      if (!(await repo.deleteAccount(tx, row.accountId))) return;
      await recordActivity(tx, actor, {
        action: 'payouts.reseller_stripe_disconnect',
        entity: 'reseller',
        entityId: null,
        changes: { stripeAccountId: { before: row.accountId, after: null } },
      });
    });
  };

  return { start, connect, disconnect };
};

export type ResellerAccountService = ReturnType<typeof createResellerAccountService>;
