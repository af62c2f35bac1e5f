import type { SandboxBankTokens } from './sandbox-bank-tokens.ts';
import type { SandboxState } from './sandbox-state.ts';
import { invalid, missing, newId, type SandboxAnswer, type SandboxExtension } from './sandbox-wire.ts';

/** A bank account attached to a connected account, as Stripe's `bank_account` object. */
type BankAccount = {
  id: string;
  object: 'bank_account';
  account: string;
  bank_name: string;
  last4: string;
  routing_number: string;
  account_holder_name: string;
  account_holder_type: 'company';
  country: 'US';
  currency: string;
  default_for_currency: boolean;
  status: 'new';
  metadata: Record<string, string>;
};

const PATH = /^\/v1\/accounts\/(acct_\w+)\/external_accounts(?:\/(ba_\w+))?$/;

/**
 * Connected accounts' external accounts in Stripe's wire format (POST, DELETE and list under
 * /v1/accounts/:id/external_accounts): where that account's payouts land. A bank account token is one Plaid
 * made (sandbox-bank-tokens.ts) and works once, as Stripe's tokens do. The default for a currency cannot be
 * deleted, as at Stripe: attach another one as the default first.
 */
export const createAccountsSandbox = ({ state, bankTokens, now }: { state: SandboxState; bankTokens: SandboxBankTokens; now: () => Date }) => {
  const accounts = state.collection<BankAccount>('external_account');
  const usedTokens = state.collection<{ id: string; usedAt: string }>('bank_account_token');

  const ofAccount = (account: string) => accounts.values().filter((entry) => entry.account === account);

  const create = (account: string, params: URLSearchParams): SandboxAnswer => {
    const tokenId = params.get('external_account') ?? '';
    const token = bankTokens.read(tokenId, now());
    if (!token) return missing('token', tokenId, 'external_account');
    if (usedTokens.has(tokenId)) return invalid(`You cannot use a Stripe token more than once: ${tokenId}.`, 'external_account');
    usedTokens.set(tokenId, { id: tokenId, usedAt: now().toISOString() });
    const currency = (params.get('currency') ?? 'usd').toLowerCase();
    const siblings = ofAccount(account).filter((entry) => entry.currency === currency);
    // The first account in a currency is its default whatever was asked, as at Stripe.
    const isDefault = params.get('default_for_currency') === 'true' || siblings.length === 0;
    if (isDefault) for (const sibling of siblings) accounts.set(sibling.id, { ...sibling, default_for_currency: false });
    const created: BankAccount = {
      id: newId('ba'),
      object: 'bank_account',
      account,
      bank_name: token.bank,
      last4: token.last4,
      routing_number: token.routing,
      account_holder_name: token.holder,
      account_holder_type: 'company',
      country: 'US',
      currency,
      default_for_currency: isDefault,
      status: 'new',
      metadata: Object.fromEntries(
        [...params].flatMap(([key, value]) => (/^metadata\[(.+)\]$/.exec(key)?.slice(1, 2) ?? []).map((name) => [name, value])),
      ),
    };
    accounts.set(created.id, created);
    return { status: 200, body: created };
  };

  const remove = (account: string, id: string): SandboxAnswer => {
    const found = accounts.get(id);
    if (!found || found.account !== account) return missing('external account', id);
    if (found.default_for_currency)
      return invalid(
        'You cannot delete the default external account for your default currency. Please make another external account the default using the `default_for_currency` param, and then delete this one.',
      );
    // Stripe keeps deleted objects answerable by id only as `deleted: true`; the sandbox forgets the account's place.
    accounts.set(id, { ...found, account: `deleted:${account}` });
    return { status: 200, body: { id, object: 'bank_account', deleted: true } };
  };

  const handle: SandboxExtension = ({ method, path, params }) => {
    const match = PATH.exec(path);
    if (!match) return undefined;
    const account = match[1]!;
    const id = match[2];
    if (method === 'POST' && !id) return create(account, params);
    if (method === 'DELETE' && id) return remove(account, id);
    if (method === 'GET' && !id) {
      const data = ofAccount(account);
      return { status: 200, body: { object: 'list', data, has_more: false, url: `/v1/accounts/${account}/external_accounts` } };
    }
    if (method === 'GET' && id) {
      const found = accounts.get(id);
      return found?.account === account ? { status: 200, body: found } : missing('external account', id);
    }
    return undefined;
  };

  return { handle };
};
