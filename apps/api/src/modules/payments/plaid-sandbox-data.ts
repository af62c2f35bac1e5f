import { createHash } from 'node:crypto';

/** Plaid's error body (https://plaid.com/docs/errors/): every refusal of the sandbox is written this way. */
export type PlaidErrorBody = {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
  request_id: string;
};

export type SandboxAccount = { account_id: string; name: string; mask: string; type: 'depository'; subtype: 'checking' | 'savings' };
export type SandboxInstitution = {
  institutionId: string;
  name: string;
  /** What a tester should expect from it, shown in the sandbox Link. */
  note: string;
  accounts: (itemId: string) => SandboxAccount[];
  /** Set when exchanging this institution's public token is refused, the way Plaid refuses it. */
  exchangeError?: Omit<PlaidErrorBody, 'request_id'>;
  /** Set when Plaid will not make a Stripe bank account token for this bank's accounts. */
  processorError?: Omit<PlaidErrorBody, 'request_id'>;
};

/** Plaid's sandbox test credentials; anything else is refused like a wrong bank password. */
export const SANDBOX_USERNAME = 'user_good';
export const SANDBOX_PASSWORD = 'pass_good';

const digits = (seed: string, length: number) => {
  const hash = createHash('sha256').update(seed).digest();
  return Array.from(hash.subarray(0, length), (byte) => String(byte % 10)).join('');
};
const account = (itemId: string, name: string, subtype: SandboxAccount['subtype'], mask: string): SandboxAccount => ({
  account_id: `${subtype}-${digits(`${itemId}:${name}`, 12)}`,
  name,
  mask,
  type: 'depository',
  subtype,
});

/** The sandbox's banks: two that link (Plaid's own sandbox names) and one that refuses, for the failure path. */
export const SANDBOX_INSTITUTIONS: readonly SandboxInstitution[] = [
  {
    institutionId: 'ins_109508',
    name: 'First Platypus Bank',
    note: 'Links a checking and a savings account',
    accounts: (itemId) => [account(itemId, 'Plaid Checking', 'checking', '0000'), account(itemId, 'Plaid Saving', 'savings', '1111')],
  },
  {
    institutionId: 'ins_109509',
    name: 'First Gingham Credit Union',
    note: 'Links one checking account',
    accounts: (itemId) => [account(itemId, 'Gingham Checking', 'checking', digits(itemId, 4))],
  },
  {
    institutionId: 'ins_wattdesk_refuses',
    name: 'Refusal Savings & Loan',
    note: 'Signs in, then Plaid refuses the token exchange (to try the failure path)',
    accounts: (itemId) => [account(itemId, 'Refusal Checking', 'checking', '9999')],
    exchangeError: {
      error_type: 'INSTITUTION_ERROR',
      error_code: 'INSTITUTION_NO_LONGER_SUPPORTED',
      error_message: 'this institution is no longer supported',
      display_message: 'This financial institution is not currently supported.',
    },
  },
  {
    institutionId: 'ins_wattdesk_no_processor',
    name: 'Tartan Thrift',
    note: 'Links, but Plaid makes no Stripe token for it: payouts cannot be sent there (to try that failure)',
    accounts: (itemId) => [account(itemId, 'Tartan Checking', 'checking', '4242')],
    processorError: {
      error_type: 'ITEM_ERROR',
      error_code: 'PRODUCTS_NOT_SUPPORTED',
      error_message: 'this Item cannot be used with the Stripe processor',
      display_message: 'This bank account cannot receive Stripe payouts. Choose another bank.',
    },
  },
];

export const institutionById = (id: string) => SANDBOX_INSTITUTIONS.find((institution) => institution.institutionId === id);
