import type * as PlaidModule from 'plaid';
import type { AppConfig } from '../../config.ts';
import { PLAID_SANDBOX_CLIENT_ID, PLAID_SANDBOX_SECRET, type PlaidSandbox } from './plaid-sandbox.ts';
import { GatewayError } from './stripe-gateway.ts';

export type LinkedAccount = {
  itemId: string;
  accessToken: string;
  institutionName: string;
  accountId: string;
  accountName: string;
  mask: string | null;
  accountType: string;
  accountSubtype: string | null;
};

type PlaidErrorBody = { error_type?: unknown; error_code?: unknown; error_message?: unknown; display_message?: unknown };

/** Plaid answers a refusal as { error_type, error_code, error_message, display_message }; no answer is an outage. */
const toGatewayError = (error: unknown): GatewayError => {
  // The SDK throws axios' error: `response.data` is Plaid's body when Plaid answered at all.
  const response =
    typeof error === 'object' && error !== null && 'response' in error ? (error as { response?: { data?: unknown } }).response : undefined;
  if (response && typeof response.data === 'object' && response.data !== null) {
    const body = response.data as PlaidErrorBody;
    const reason = [body.display_message, body.error_message].find((text): text is string => typeof text === 'string' && text.length > 0);
    if (typeof body.error_code === 'string') {
      const transient = body.error_type === 'RATE_LIMIT_EXCEEDED' || body.error_type === 'API_ERROR';
      return new GatewayError(transient ? 'unreachable' : 'rejected', `${reason ?? 'Plaid refused the request'} (${body.error_code})`);
    }
  }
  return new GatewayError('unreachable', 'Plaid could not be reached. Try again later');
};

const call = async <T>(request: () => Promise<{ data: T }>): Promise<T> => {
  try {
    return (await request()).data;
  } catch (error) {
    throw toGatewayError(error);
  }
};

/**
 * Bank linking through Plaid's SDK (decision 049). Without keys its basePath is the local Plaid sandbox
 * (plaid-sandbox.ts), which answers the same calls in Plaid's own JSON. The SDK is imported by the first
 * call: it weighs about 80 MiB of an idle server's memory.
 */
export const createPlaidGateway = (config: AppConfig['plaid'], sandbox: PlaidSandbox) => {
  const isSandbox = 'sandbox' in config;
  let client: { plaid: typeof PlaidModule; api: PlaidModule.PlaidApi } | undefined;

  const sdk = async () => {
    if (client) return client;
    const plaid = await import('plaid');
    const basePath = isSandbox ? await sandbox.address() : (config.apiUrl ?? plaid.PlaidEnvironments[config.env]);
    const headers = {
      'PLAID-CLIENT-ID': isSandbox ? PLAID_SANDBOX_CLIENT_ID : config.clientId,
      'PLAID-SECRET': isSandbox ? PLAID_SANDBOX_SECRET : config.secret,
      'Plaid-Version': '2020-09-14',
    };
    client = { plaid, api: new plaid.PlaidApi(new plaid.Configuration({ basePath, baseOptions: { headers, timeout: 15_000 } })) };
    return client;
  };

  const createLinkToken = async (userId: string) => {
    const { plaid, api } = await sdk();
    const data = await call(() =>
      api.linkTokenCreate({
        user: { client_user_id: userId },
        client_name: 'Wattdesk',
        products: [plaid.Products.Auth],
        country_codes: [plaid.CountryCode.Us],
        language: 'en',
      }),
    );
    return { linkToken: data.link_token, expiration: data.expiration };
  };

  /** Exchanges Link's public token and reads the chosen account (Auth: an account money can be paid into). */
  const link = async (publicToken: string, accountId: string | undefined): Promise<LinkedAccount> => {
    const { plaid, api } = await sdk();
    const exchanged = await call(() => api.itemPublicTokenExchange({ public_token: publicToken }));
    try {
      const auth = await call(() => api.authGet({ access_token: exchanged.access_token }));
      const chosen = accountId
        ? auth.accounts.find((entry) => entry.account_id === accountId)
        : auth.accounts.find((entry) => entry.type === plaid.AccountType.Depository);
      if (!chosen) throw new GatewayError('rejected', 'The chosen account cannot receive payouts. Choose a checking or savings account');
      return {
        itemId: exchanged.item_id,
        accessToken: exchanged.access_token,
        institutionName: auth.item.institution_name ?? 'Bank',
        accountId: chosen.account_id,
        accountName: chosen.name,
        mask: chosen.mask,
        accountType: chosen.type,
        accountSubtype: chosen.subtype ?? null,
      };
    } catch (error) {
      // Nothing is kept of an Item we could not use: release it at Plaid too.
      await remove(exchanged.access_token).catch(() => undefined);
      throw error;
    }
  };

  /** Ends our access to the Item; one Plaid no longer knows counts as removed. */
  const remove = async (accessToken: string): Promise<void> => {
    try {
      await call(async () => (await sdk()).api.itemRemove({ access_token: accessToken }));
    } catch (error) {
      if (error instanceof GatewayError && /ITEM_NOT_FOUND/.test(error.reason)) return;
      throw error;
    }
  };

  /**
   * A Stripe bank account token for the linked account (Plaid's Stripe processor integration): Stripe accepts it
   * as a connected account's external account, so the account numbers never pass through Wattdesk.
   */
  const stripeBankToken = async (accessToken: string, accountId: string): Promise<string> => {
    const { api } = await sdk();
    const data = await call(() => api.processorStripeBankAccountTokenCreate({ access_token: accessToken, account_id: accountId }));
    return data.stripe_bank_account_token;
  };

  return { isSandbox, createLinkToken, link, remove, stripeBankToken };
};

export type PlaidGateway = ReturnType<typeof createPlaidGateway>;
