import { AppError, can, failureMessages, type PaymentAccount, type PaymentAccountStatus, type StartStripeConnectResponse } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import { recordActivity, type Actor } from '../../lib/audit.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess } from '../../lib/location-access.ts';
import { hashToken } from '../../lib/tokens.ts';
import { clearAttachment } from './bank-account.repository.ts';
import * as repo from './payments.repository.ts';
import { createTokenSigner } from '../../lib/signed-token.ts';
import { isUuid } from '../../lib/uuid.ts';
import { GatewayError, type StripeGateway } from './stripe-gateway.ts';
import type { SystemEvents } from '../../lib/system-events.ts';

export type PaymentsDeps = {
  db: Database;
  gateway: StripeGateway;
  secret: string;
  publicUrl: string;
  /** Stripe's refusals and outages go to the system log, where staff look for provider trouble. */
  systemEvents: Pick<SystemEvents, 'record'>;
  /** A connected account is in place: the location's bank account becomes its payout destination (issue 43). */
  onConnected?: (actor: Actor, locationId: string, accountId: string) => Promise<void>;
  now: () => Date;
};

/** How long the user has to finish on the provider's page. */
export const STATE_TTL_MS = 15 * 60_000;
/** How long a second request with the same code waits for the first one's outcome. */
const CONCURRENT_WAIT_MS = 10_000;

type StatePayload = { u: string; l: string };

const connectError = (code: 'STRIPE_STATE_INVALID' | 'STRIPE_CONNECT_FAILED' | 'STRIPE_UNAVAILABLE' | 'STRIPE_CONNECT_IN_PROGRESS', reason: string) =>
  new AppError(code, { messages: [failureMessages.connectStripe, reason] });

const toPaymentAccount = (row: repo.PaymentAccountRow): PaymentAccount => ({
  locationId: row.locationId,
  accountId: row.accountId,
  livemode: row.livemode,
  sandbox: row.sandbox,
  connectedAt: row.connectedAt.toISOString(),
  connectedByEmail: row.connectedByEmail,
});

/** Stripe Connect for a location's payouts: start, finish (idempotent per code), show, disconnect. */
export const createPaymentsService = ({ db, gateway, secret, publicUrl, systemEvents, onConnected, now }: PaymentsDeps) => {
  const states = createTokenSigner(secret, 'stripe-oauth-state');

  const status = async (locationId: string): Promise<PaymentAccountStatus> => {
    const row = await repo.findAccount(db, locationId);
    return { account: row ? toPaymentAccount(row) : null, sandbox: gateway.isSandbox };
  };

  /** Whoever may connect an account where there is none may not, for that, replace a host's account (issue 43). */
  const assertMayReplace = async (auth: AuthContext, locationId: string) => {
    if (can(auth.userType, 'Bank_Account_Update') || !(await repo.findAccount(db, locationId))) return;
    throw new AppError('FORBIDDEN', {
      messages: [failureMessages.connectStripe, "This location's payouts already go to a Stripe account. Only the host's side can replace it"],
    });
  };

  const start = async (auth: AuthContext, locationId: string): Promise<StartStripeConnectResponse> => {
    if (!(await repo.locationExists(db, locationId))) throw new AppError('LOCATION_NOT_FOUND');
    await assertMayReplace(auth, locationId);
    const state = states.sign<StatePayload>({ u: auth.userId, l: locationId }, new Date(now().getTime() + STATE_TTL_MS));
    return { url: await gateway.authorizeUrl(state, `${publicUrl}/stripe/connected`), sandbox: gateway.isSandbox };
  };

  const verifyState = (auth: AuthContext, state: string): StatePayload => {
    const payload = states.verify<StatePayload>(state, now());
    if (!payload || payload.u !== auth.userId || !isUuid(payload.l)) {
      throw connectError('STRIPE_STATE_INVALID', 'This authorization has expired or was not started by you. Start again from Payouts Account');
    }
    assertLocationAccess(auth, payload.l);
    return payload;
  };

  const recordProviderError = (event: string, error: GatewayError, locationId: string) =>
    systemEvents.record({
      // Stripe refusing a code is usually the user's doing; Stripe not answering is ours to look into.
      level: error.kind === 'unreachable' ? 'error' : 'warning',
      source: 'provider',
      event,
      message: `Stripe: ${error.reason}`,
      details: { provider: 'stripe', kind: error.kind, locationId, sandbox: gateway.isSandbox },
    });

  /** Another request holds this code: wait for its outcome instead of spending the code twice. */
  const awaitOtherExchange = async (codeSha256: string, locationId: string): Promise<PaymentAccount> => {
    const deadline = Date.now() + CONCURRENT_WAIT_MS;
    for (;;) {
      const grant = await repo.findGrant(db, codeSha256);
      if (grant?.status === 'connected' && grant.locationId === locationId) {
        const row = await repo.findAccount(db, locationId);
        if (row && row.accountId === grant.accountId) return toPaymentAccount(row);
      }
      if (!grant || grant.status === 'connected' || grant.locationId !== locationId) {
        throw connectError('STRIPE_CONNECT_FAILED', 'This authorization was already used. Start again from Payouts Account');
      }
      if (Date.now() > deadline) throw connectError('STRIPE_CONNECT_IN_PROGRESS', 'The connection is still being completed. Reload in a moment');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  const connect = async (auth: AuthContext, actor: Actor, state: string, code: string): Promise<PaymentAccount> => {
    const { l: locationId } = verifyState(auth, state);
    await assertMayReplace(auth, locationId);
    const codeSha256 = hashToken(code);
    if (!(await repo.claimGrant(db, { codeSha256, userId: auth.userId, locationId }))) return awaitOtherExchange(codeSha256, locationId);
    let account;
    try {
      account = await gateway.exchangeCode(code);
    } catch (error) {
      await repo.releaseGrant(db, codeSha256);
      if (error instanceof GatewayError) {
        await recordProviderError('stripe.connect_failed', error, locationId);
        throw connectError(error.kind === 'unreachable' ? 'STRIPE_UNAVAILABLE' : 'STRIPE_CONNECT_FAILED', error.reason);
      }
      throw error;
    }
    const row = await db.transaction(async (tx) => {
      const before = await repo.findAccount(tx, locationId);
      const saved = await repo.upsertAccount(tx, {
        locationId,
        accountId: account.accountId,
        livemode: account.livemode,
        sandbox: gateway.isSandbox,
        scope: account.scope,
        connectedByUserId: auth.userId,
        connectedByEmail: auth.email,
        connectedAt: now(),
      });
      await repo.completeGrant(tx, codeSha256, account.accountId);
      await recordActivity(tx, actor, {
        action: 'payments.stripe_connect',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: { stripeAccountId: { before: before?.accountId ?? null, after: account.accountId } },
      });
      if (before && before.accountId !== account.accountId) await clearAttachment(tx, locationId, before.accountId);
      return saved;
    });
    await onConnected?.(actor, locationId, account.accountId);
    return toPaymentAccount(row);
  };

  const disconnect = async (actor: Actor, locationId: string): Promise<void> => {
    const row = await repo.findAccount(db, locationId);
    if (!row) throw new AppError('STRIPE_NOT_CONNECTED');
    try {
      // A sandbox connection left over from before Stripe keys were configured was never Stripe's to revoke.
      if (row.sandbox === gateway.isSandbox) await gateway.deauthorize(row.accountId);
    } catch (error) {
      if (error instanceof GatewayError) {
        await recordProviderError('stripe.disconnect_failed', error, locationId);
        throw new AppError('STRIPE_DISCONNECT_FAILED', { messages: ['Unable to disconnect Stripe', error.reason] });
      }
      throw error;
    }
    await db.transaction(async (tx) => {
      if (!(await repo.deleteAccount(tx, locationId, row.accountId))) return;
      await clearAttachment(tx, locationId, row.accountId);
      await recordActivity(tx, actor, {
        action: 'payments.stripe_disconnect',
        entity: 'location',
        entityId: locationId,
        locationId,
        changes: { stripeAccountId: { before: row.accountId, after: null } },
      });
    });
  };

  return { status, start, connect, disconnect };
};

export type PaymentsService = ReturnType<typeof createPaymentsService>;
