import type { LedgerAccount } from '@wattdesk/shared';
import type { Executor } from '../../db/client.ts';
import * as repo from './ledger.repository.ts';

/** The parts a session's price is split into; a refund takes from what is left of each (decision 051). */
export const PARTS = ['host_share', 'host_share_uncollected', 'reseller_share', 'platform_fee', 'unallocated'] as const;
export type Part = (typeof PARTS)[number];
/** Accounts that hold revenue nobody has paid yet (decision 082). */
export const RECEIVABLE_ACCOUNTS = ['session_receivable', 'roaming_receivable'] as const;

/**
 * Splits `amount` over what is left of each part, in proportion, by largest remainder in integers: the
 * pieces add up to `amount` exactly, and refunding all that is left takes each part back to zero.
 */
export const splitRefund = (amount: number, left: Record<Part, number>): Record<Part, number> => {
  const total = PARTS.reduce((sum, part) => sum + left[part], 0);
  if (total === 0) return Object.fromEntries(PARTS.map((part) => [part, 0])) as Record<Part, number>;
  const exact = PARTS.map((part) => BigInt(amount) * BigInt(left[part]));
  const pieces = exact.map((value) => Number(value / BigInt(total)));
  let rest = amount - pieces.reduce((sum, piece) => sum + piece, 0);
  const order = PARTS.map((_, n) => n).sort((a, b) => Number((exact[b]! % BigInt(total)) - (exact[a]! % BigInt(total))) || a - b);
  for (const n of order) {
    if (rest === 0) break;
    pieces[n] = pieces[n]! + 1;
    rest -= 1;
  }
  return Object.fromEntries(PARTS.map((part, n) => [part, pieces[n]!])) as Record<Part, number>;
};

/** Where a session stands in the ledger: what is left on each account, and whether anybody paid it. */
export type SessionMoney = {
  currency: string;
  on: (account: LedgerAccount) => number;
  left: Record<Part, number>;
  /** Sum of what is left of the parts. */
  remaining: number;
  /** The receivable account the session's price is owed on, while nobody has paid it. */
  receivableAccount: (typeof RECEIVABLE_ACCOUNTS)[number] | null;
  /** Collected: a payment succeeded, or the session was priced before decision 082 (booked as collected). */
  collected: boolean;
};

/** undefined when the ledger has no price for the session. */
export const sessionMoney = async (tx: Executor, locationId: string, sessionId: string): Promise<SessionMoney | undefined> => {
  const rows = await repo.sessionParts(tx, locationId, sessionId);
  const priced = rows.find((row) => row.account === 'session_revenue' || (RECEIVABLE_ACCOUNTS as readonly string[]).includes(row.account));
  if (!priced) return undefined;
  const on = (account: LedgerAccount) => rows.find((row) => row.account === account && row.currency === priced.currency)?.total ?? 0;
  const left = Object.fromEntries(PARTS.map((part) => [part, on(part)])) as Record<Part, number>;
  const collected = rows.some((row) => row.account === 'session_revenue');
  const roaming = rows.some((row) => row.account === 'roaming_receivable');
  return {
    currency: priced.currency,
    on,
    left,
    remaining: PARTS.reduce((sum, part) => sum + left[part], 0),
    receivableAccount: collected ? null : roaming ? 'roaming_receivable' : 'session_receivable',
    collected,
  };
};

/** The postings that take `amount` back from what is left of a session's parts, in proportion. */
export const takeBack = (amount: number, left: Record<Part, number>): repo.Posting[] => {
  const pieces = splitRefund(amount, left);
  return PARTS.map((part) => ({ account: part, amount: -pieces[part] }));
};
