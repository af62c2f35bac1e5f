import type { Balance } from '@wattdesk/shared/schemas/payouts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BalanceCard } from '../components/balance-card.tsx';

const balance = {
  currency: 'USD',
  available: 12_000,
  pending: 0,
  paid: 30_000,
  hostShare: 42_000,
  sessionRevenue: 60_000,
  roamingReceivable: 0,
  refunded: 0,
  unallocated: 0,
  resellerShare: null,
  platformFee: null,
} satisfies Balance;

/** The figure under its label, as a reader pairs them. */
const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;

describe('Payouts: Balance card', () => {
  it('shows what roaming partners owe, part of the session revenue, when they owe something', () => {
    render(<BalanceCard balance={{ ...balance, roamingReceivable: 4_250 }} />);
    expect(figure('Owed by roaming partners')).toBe('$42.50');
    expect(figure('Session revenue')).toBe('$600.00');
  });

  it('leaves roaming out while no partner owes anything', () => {
    render(<BalanceCard balance={balance} />);
    expect(screen.queryByText('Owed by roaming partners')).toBeNull();
    expect(figure('Available to transfer')).toBe('$120.00');
  });
});
