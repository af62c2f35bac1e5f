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
  earned: 60_000,
  collected: 60_000,
  receivable: 0,
  hostShareHeld: 0,
  writtenOff: 0,
  providerFees: 0,
  paidOut: 30_000,
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
    render(<BalanceCard balance={{ ...balance, collected: 55_750, receivable: 4_250, roamingReceivable: 4_250 }} />);
    expect(figure('Owed by roaming partners')).toBe('$42.50');
    expect(figure('Earned')).toBe('$600.00');
  });

  it('tells earned from collected: the host share of unpaid sessions waits, in the currency with thousands separators', () => {
    render(
      <BalanceCard
        balance={{
          ...balance,
          currency: 'EUR',
          earned: 123_456_789,
          sessionRevenue: 123_456_789,
          collected: 100_000_000,
          receivable: 23_456_789,
          hostShareHeld: 18_765_431,
          refunded: 250_000,
          providerFees: 2_900,
        }}
      />,
    );
    expect(figure('Earned')).toBe('€1,234,567.89');
    expect(figure('Collected')).toBe('€1,000,000.00');
    expect(figure('Receivable')).toBe('€234,567.89');
    expect(figure('Host share awaiting payment')).toBe('€187,654.31');
    expect(figure('Refunded')).toBe('€2,500.00');
    expect(figure('Card fees')).toBe('€29.00');
    expect(figure('Available to transfer')).toBe('€120.00');
    expect(figure('Paid out')).toBe('€300.00');
  });

  it('leaves roaming out while no partner owes anything', () => {
    render(<BalanceCard balance={balance} />);
    expect(screen.queryByText('Owed by roaming partners')).toBeNull();
    expect(figure('Available to transfer')).toBe('$120.00');
  });
});
