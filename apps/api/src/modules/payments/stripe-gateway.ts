import type Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import { loadedStripe, loadStripe } from '../../lib/stripe-sdk.ts';
import { SANDBOX_CLIENT_ID, SANDBOX_SECRET_KEY, type StripeSandbox } from './stripe-sandbox.ts';

export type ConnectedAccount = { accountId: string; livemode: boolean; scope: string | null };

/** Why the provider said no: `rejected` (it answered with a reason) or `unreachable` (no answer). */
export class GatewayError extends Error {
  constructor(
    readonly kind: 'rejected' | 'unreachable',
    readonly reason: string,
  ) {
    super(reason);
  }
}

const toGatewayError = (error: unknown): GatewayError => {
  const sdk = loadedStripe();
  if (sdk && error instanceof sdk.errors.StripeConnectionError) {
    return new GatewayError('unreachable', 'Stripe could not be reached. Try again later');
  }
  if (sdk && error instanceof sdk.errors.StripeError) {
    return new GatewayError('rejected', error.message || error.rawType || error.type);
  }
  return new GatewayError('unreachable', 'Stripe gave an answer we could not read. Try again later');
};

/** The SDK pointed at Stripe, at STRIPE_API_URL (stripe-mock, a test server), or at the local sandbox. */
const sdkFor = async (secretKey: string, apiUrl: { host: string; port: number; protocol: 'http' | 'https' } | undefined): Promise<Stripe> =>
  new (await loadStripe())(secretKey, {
    // A code works once: a blind retry after a lost answer could only fail with invalid_grant. Transfers are
    // retried by the payouts job with the same idempotency key instead.
    maxNetworkRetries: 0,
    timeout: 15_000,
    ...(apiUrl ? { host: apiUrl.host, port: apiUrl.port, protocol: apiUrl.protocol } : {}),
  });

const parseApiUrl = (url: string) => {
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return { host: parsed.hostname, port: Number(parsed.port || (protocol === 'http' ? 80 : 443)), protocol } as const;
};

/**
 * Stripe Connect OAuth through the official SDK. Without keys, the same SDK calls go to the built-in
 * sandbox, and the authorization page is the sandbox's page on our own origin.
 */
export const createStripeGateway = (config: AppConfig['stripe'], sandbox: StripeSandbox, publicUrl: string) => {
  const isSandbox = 'sandbox' in config;
  const clientId = isSandbox ? SANDBOX_CLIENT_ID : config.clientId;
  let client: Stripe | undefined;

  const sdk = async (): Promise<Stripe> => {
    if (client) return client;
    if (isSandbox) {
      const { host, port } = await sandbox.address();
      client = await sdkFor(SANDBOX_SECRET_KEY, { host, port, protocol: 'http' });
    } else {
      client = await sdkFor(config.secretKey, config.apiUrl ? parseApiUrl(config.apiUrl) : undefined);
    }
    return client;
  };

  const authorizeUrl = async (state: string, redirectUri: string): Promise<string> => {
    const url = new URL(
      (await sdk()).oauth.authorizeUrl({ client_id: clientId, response_type: 'code', scope: 'read_write', state, redirect_uri: redirectUri }),
    );
    if (!isSandbox) return url.toString();
    // The SDK writes https://{its host}/oauth/authorize; the sandbox's page lives on our origin.
    return `${publicUrl}/web/payments/sandbox/oauth/authorize${url.search}`;
  };

  const exchangeCode = async (code: string): Promise<ConnectedAccount> => {
    try {
      const token = await (await sdk()).oauth.token({ grant_type: 'authorization_code', code });
      if (!token.stripe_user_id) throw new GatewayError('rejected', 'Stripe did not name the connected account');
      return { accountId: token.stripe_user_id, livemode: token.livemode ?? false, scope: token.scope ?? null };
    } catch (error) {
      throw error instanceof GatewayError ? error : toGatewayError(error);
    }
  };

  /** Revokes our access to the account; an account that is already disconnected counts as done. */
  const deauthorize = async (accountId: string): Promise<void> => {
    try {
      await (await sdk()).oauth.deauthorize({ client_id: clientId, stripe_user_id: accountId });
    } catch (error) {
      const failure = toGatewayError(error);
      if (failure.kind === 'rejected' && /not connected/i.test(failure.reason)) return;
      throw failure;
    }
  };

  /**
   * Moves money from the platform to a connected account. The idempotency key makes a retry after a lost
   * answer return the first transfer instead of paying again.
   */
  const createTransfer = async (input: { amount: number; currency: string; destination: string; group: string; idempotencyKey: string }) => {
    try {
      const transfer = await (
        await sdk()
      ).transfers.create(
        { amount: input.amount, currency: input.currency.toLowerCase(), destination: input.destination, transfer_group: input.group },
        { idempotencyKey: input.idempotencyKey },
      );
      return { id: transfer.id };
    } catch (error) {
      throw toGatewayError(error);
    }
  };

  /** Pays the connected account's balance out to its bank; answers Stripe's payout status. */
  const createPayout = async (input: { amount: number; currency: string; account: string; transferId: string; idempotencyKey: string }) => {
    try {
      const payout = await (
        await sdk()
      ).payouts.create(
        // Our transfer id rides along, so a payout event can be matched even when the create answer was lost.
        { amount: input.amount, currency: input.currency.toLowerCase(), metadata: { wattdesk_transfer: input.transferId } },
        { stripeAccount: input.account, idempotencyKey: input.idempotencyKey },
      );
      return { id: payout.id, status: payout.status };
    } catch (error) {
      throw toGatewayError(error);
    }
  };

  const retrievePayout = async (id: string, account: string) => {
    try {
      const payout = await (await sdk()).payouts.retrieve(id, {}, { stripeAccount: account });
      return { id: payout.id, status: payout.status, failureMessage: payout.failure_message ?? null };
    } catch (error) {
      throw toGatewayError(error);
    }
  };

  /**
   * A webhook event checked with the SDK against the endpoint's signing secret (the sandbox's own without
   * keys). Anything unsigned, forged, stale or unreadable is refused as `rejected`.
   */
  const verifyEvent = async (payload: string, signature: string | undefined): Promise<Stripe.Event> => {
    const secret = isSandbox ? sandbox.webhookSecret : config.webhookSecret;
    if (!secret) throw new GatewayError('rejected', 'No webhook signing secret is configured (STRIPE_WEBHOOK_SECRET)');
    if (!signature) throw new GatewayError('rejected', 'The Stripe-Signature header is missing');
    try {
      return (await sdk()).webhooks.constructEvent(payload, signature, secret);
    } catch (error) {
      throw new GatewayError('rejected', error instanceof Error ? error.message : 'The event signature could not be verified');
    }
  };

  /** Makes a bank account (a `btok_` from Plaid) the account's payout destination for its currency. */
  const attachBankAccount = async (account: string, bankToken: string) => {
    try {
      // No idempotency key: a bank account token works once, so a blind retry could only be refused.
      const attached = await (await sdk()).accounts.createExternalAccount(account, { external_account: bankToken, default_for_currency: true });
      if (attached.object !== 'bank_account') throw new GatewayError('rejected', 'Stripe attached something other than a bank account');
      return { id: attached.id, bankName: attached.bank_name, last4: attached.last4 };
    } catch (error) {
      throw error instanceof GatewayError ? error : toGatewayError(error);
    }
  };

  /** Removes a former payout destination from the account; one Stripe no longer has counts as removed. */
  const detachBankAccount = async (account: string, externalAccountId: string): Promise<void> => {
    try {
      await (await sdk()).accounts.deleteExternalAccount(account, externalAccountId);
    } catch (error) {
      const failure = toGatewayError(error);
      if (failure.kind === 'rejected' && /no such external account/i.test(failure.reason)) return;
      throw failure;
    }
  };

  return {
    isSandbox,
    authorizeUrl,
    exchangeCode,
    deauthorize,
    sdk,
    createTransfer,
    createPayout,
    retrievePayout,
    verifyEvent,
    attachBankAccount,
    detachBankAccount,
  };
};

export type StripeGateway = ReturnType<typeof createStripeGateway>;
