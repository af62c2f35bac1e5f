import type { BankAccount } from '@wattdesk/shared/schemas/bank-accounts';
import type { PaymentAccount } from '@wattdesk/shared/schemas/payments';
import type { TransferListResponse } from '@wattdesk/shared/schemas/payouts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayoutDestination } from '../components/payout-destination.tsx';
import { TransfersTable } from '../components/transfers-table.tsx';

const stripe: PaymentAccount = {
  locationId: 'loc',
  accountId: 'acct_sbx1',
  livemode: false,
  sandbox: true,
  connectedAt: '2026-12-01T10:00:00Z',
  connectedByEmail: 'host@example.com',
};
const bank: BankAccount = {
  locationId: 'loc',
  institutionName: 'First Platypus Bank',
  accountName: 'Plaid Checking',
  mask: '0000',
  accountType: 'depository',
  accountSubtype: 'checking',
  sandbox: true,
  linkedAt: '2026-12-01T10:00:00Z',
  linkedByEmail: 'host@example.com',
  payoutsFrom: 'acct_sbx1',
};

describe('Payouts account: where the payouts go', () => {
  it('names the bank account and the Stripe account when the bank account is the payout destination', () => {
    render(<PayoutDestination stripe={stripe} bank={bank} />);
    expect(screen.getByRole('alert').textContent).toBe('Payouts go to First Platypus Bank ••••0000, on the Stripe account acct_sbx1.');
  });

  it('says plainly when the linked bank account is not where Stripe pays', () => {
    render(<PayoutDestination stripe={stripe} bank={{ ...bank, payoutsFrom: null }} />);
    expect(screen.getByRole('alert').textContent).toContain('into the bank account set up in Stripe');
    expect(screen.getByRole('alert').textContent).toContain('First Platypus Bank ••••0000 is not attached to it');
  });

  it('says payouts cannot be sent without a connected account', () => {
    render(<PayoutDestination stripe={null} bank={{ ...bank, payoutsFrom: null }} />);
    expect(screen.getByRole('alert').textContent).toMatch(/^Payouts cannot be sent yet/);
  });
});

describe('Payout history: paid to', () => {
  it('shows each payout with its bank account and Stripe account', () => {
    const transfer = {
      id: 't1',
      locationId: 'loc',
      currency: 'USD',
      amount: 4000,
      status: 'paid',
      periodFrom: null,
      periodTo: '2026-12-02T10:00:00Z',
      trigger: 'manual',
      failureReason: null,
      providerTransferId: 'tr_1',
      providerPayoutId: 'po_1',
      destination: 'acct_sbx1',
      destinationBank: 'First Platypus Bank ••••0000',
      requestedByEmail: 'host@example.com',
      createdAt: '2026-12-02T10:00:00Z',
      paidAt: '2026-12-02T11:00:00Z',
    } as const;
    const data: TransferListResponse = {
      items: [transfer, { ...transfer, id: 't2', destinationBank: null }],
      total: 2,
      page: 1,
      pageSize: 10,
      timeZone: 'UTC',
    };
    render(<TransfersTable data={data} onPage={() => undefined} />);
    expect(screen.getByText('First Platypus Bank ••••0000 on acct_sbx1')).toBeTruthy();
    expect(screen.getByText('Stripe account acct_sbx1')).toBeTruthy();
  });
});
