import type { SystemEvents } from '../../lib/system-events.ts';
import type { Database } from '../../db/client.ts';
import { findAccount } from './payments.repository.ts';
import type { PlaidGateway } from './plaid-gateway.ts';
import { GatewayError, type StripeGateway } from './stripe-gateway.ts';

export type PayoutDestinationDeps = {
  db: Database;
  plaid: Pick<PlaidGateway, 'stripeBankToken'>;
  stripe: Pick<StripeGateway, 'isSandbox' | 'attachBankAccount' | 'detachBankAccount'>;
  systemEvents: Pick<SystemEvents, 'record'>;
};

/** Where a location's payouts land on Stripe: the connected account and the external account Plaid's token made. */
export type Attachment = { stripeAccountId: string; stripeExternalAccountId: string };
/** A refusal, told apart by who refused: the reason goes to the person, the provider to the system log. */
export class DestinationError extends GatewayError {
  constructor(
    readonly provider: 'plaid' | 'stripe',
    cause: GatewayError,
  ) {
    super(cause.kind, cause.reason);
  }
}

/**
 * One destination for a host's money (issue 43): the bank account linked through Plaid becomes the connected
 * Stripe account's external account, through a Plaid Stripe processor token (`btok_…`), default for its currency.
 */
export const createPayoutDestination = ({ db, plaid, stripe, systemEvents }: PayoutDestinationDeps) => {
  const record = (event: string, error: DestinationError, locationId: string) =>
    systemEvents.record({
      level: error.kind === 'unreachable' ? 'error' : 'warning',
      source: 'provider',
      event,
      message: `${error.provider === 'plaid' ? 'Plaid' : 'Stripe'}: ${error.reason}`,
      details: { provider: error.provider, kind: error.kind, locationId, sandbox: stripe.isSandbox },
    });

  const by = async <T>(provider: 'plaid' | 'stripe', call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      throw error instanceof GatewayError ? new DestinationError(provider, error) : error;
    }
  };

  /** The connected account this server can attach to: none, or one connected through another Stripe mode. */
  const connectedAccountOf = async (locationId: string): Promise<string | null> => {
    const row = await findAccount(db, locationId);
    return row && row.sandbox === stripe.isSandbox ? row.accountId : null;
  };

  /** Attaches the Plaid account to the connected account; a refusal is logged and thrown as a DestinationError. */
  const attach = async (locationId: string, stripeAccountId: string, bank: { accessToken: string; accountId: string }): Promise<Attachment> => {
    try {
      const token = await by('plaid', () => plaid.stripeBankToken(bank.accessToken, bank.accountId));
      const attached = await by('stripe', () => stripe.attachBankAccount(stripeAccountId, token));
      return { stripeAccountId, stripeExternalAccountId: attached.id };
    } catch (error) {
      if (error instanceof DestinationError) await record(`${error.provider}.payout_destination_failed`, error, locationId);
      throw error;
    }
  };

  /** Takes a former destination off the connected account; Stripe refusing is only worth a line in the system log. */
  const detach = async (locationId: string, attachment: Attachment) => {
    try {
      await by('stripe', () => stripe.detachBankAccount(attachment.stripeAccountId, attachment.stripeExternalAccountId));
    } catch (error) {
      if (error instanceof DestinationError) await record('stripe.payout_destination_detach_failed', error, locationId);
    }
  };

  return { connectedAccountOf, attach, detach };
};

export type PayoutDestination = ReturnType<typeof createPayoutDestination>;
