import { createTokenSigner } from '../../lib/signed-token.ts';

/** What a Stripe bank account token made by Plaid carries: the bank account as Stripe will show it. */
export type SandboxBankToken = { bank: string; last4: string; routing: string; holder: string; item: string; account: string };

/** Stripe bank account tokens expire; Plaid's processor tokens are meant to be used at once. */
const BANK_TOKEN_TTL_MS = 60 * 60_000;

/**
 * The hand-over between the two sandboxes: Plaid's `/processor/stripe/bank_account_token/create` makes a
 * `btok_` that Stripe's external-account call accepts. Live, Plaid creates the token at Stripe itself; here
 * both sandboxes share a signing key instead, so neither needs to call the other.
 */
export const createSandboxBankTokens = (secret: string) => {
  const signer = createTokenSigner(secret, 'sandbox-stripe-bank-token');
  return {
    issue: (token: SandboxBankToken, now: Date) => `btok_sbx${signer.sign(token, new Date(now.getTime() + BANK_TOKEN_TTL_MS))}`,
    read: (token: string, now: Date) => (token.startsWith('btok_sbx') ? signer.verify<SandboxBankToken>(token.slice(8), now) : undefined),
  };
};

export type SandboxBankTokens = ReturnType<typeof createSandboxBankTokens>;
