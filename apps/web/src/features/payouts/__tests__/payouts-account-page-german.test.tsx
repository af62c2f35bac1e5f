import type { BankAccount, BankAccountStatus } from '@wattdesk/shared/schemas/bank-accounts';
import type { PaymentAccount, PaymentAccountStatus } from '@wattdesk/shared/schemas/payments';
import type { ResellerPayoutsResponse } from '@wattdesk/shared/schemas/reseller-payouts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { PayoutsAccountPage } from '../payouts-account-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const stripe: PaymentAccount = {
  locationId: LOCATION,
  accountId: 'acct_sbx1',
  livemode: false,
  sandbox: true,
  connectedAt: '2026-12-01T10:00:00Z',
  connectedByEmail: 'host@example.com',
};
const bank: BankAccount = {
  locationId: LOCATION,
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
const reseller: ResellerPayoutsResponse = {
  account: { accountId: 'acct_sbxreseller', livemode: false, sandbox: true, connectedAt: '2026-12-01T10:00:00Z', connectedByEmail: 'r@example.com' },
  sandbox: true,
  balances: [{ currency: 'USD', earned: 150_000, collected: 120_000, paidOut: 20_000, available: 100_000 }],
  transfers: [
    {
      id: 't1',
      currency: 'USD',
      amount: 20_000,
      status: 'in_transit',
      destination: 'acct_sbxreseller',
      failureReason: null,
      providerTransferId: 'tr_1',
      providerPayoutId: 'po_1',
      requestedByEmail: 'r@example.com',
      createdAt: '2026-12-02T10:00:00Z',
      paidAt: null,
    },
  ],
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/payments/connect' && method === 'GET') return ok({ account: stripe, sandbox: true } satisfies PaymentAccountStatus);
  if (path === '/payments/bank-account' && method === 'GET') return ok({ account: bank, sandbox: true } satisfies BankAccountStatus);
  if (path === '/payments/reseller' && method === 'GET') return ok(reseller);
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', timeZone: 'UTC' });
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  useSelectedLocation.setState({ locationId: LOCATION });
  await useLanguage.getState().choose('de');
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the cards and dialogs render slowly when the shared machine is busy.
describe('Payouts Account in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, where payouts go, the Stripe and bank cards, the reseller payouts with amounts the German way, both confirmations', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <PayoutsAccountPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Auszahlungskonto', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(
      await screen.findByText('Auszahlungen gehen an First Platypus Bank ••••0000, über das Stripe-Konto acct_sbx1.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Sandbox-Modus: Dieser Server hat keine Stripe-Schlüssel/)).toBeInTheDocument();
    expect(screen.getByText('Verbundenes Konto')).toBeInTheDocument();
    expect(screen.getByText('Modus')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Bankkonto' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(/Dieser Server hat keine Plaid-Schlüssel, daher werden Bankkonten/)).toBeInTheDocument();
    expect(screen.getByText('Empfängt Auszahlungen von')).toBeInTheDocument();
    expect(screen.getByText('Stripe-Konto acct_sbx1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bankkonto ändern' })).toBeInTheDocument();

    const resellerCard = await screen.findByRole('region', { name: 'Wiederverkäufer-Auszahlungen' }, { timeout: 20_000 });
    expect(within(resellerCard).getByText('Das Stripe-Konto acct_sbxreseller erhält den Wiederverkäufer-Anteil.')).toBeInTheDocument();
    expect(within(resellerCard).getByText('Zum Überweisen verfügbar (USD)')).toBeInTheDocument();
    expect(within(resellerCard).getByText(/^1\.000,00\s\$$/)).toBeInTheDocument();
    expect(within(resellerCard).getByRole('button', { name: 'USD überweisen' })).toBeInTheDocument();
    const transfers = within(resellerCard).getByRole('table', { name: 'Überweisungen an den Wiederverkäufer' });
    expect(within(transfers).getByText('Unterwegs')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Trennen' }));
    const disconnect = screen.getByRole('dialog', { name: 'Stripe trennen?' });
    expect(within(disconnect).getByText(/^Die Auszahlungen dieses Standorts gehen nicht mehr an acct_sbx1/)).toBeInTheDocument();
    await user.click(within(disconnect).getByRole('button', { name: 'Abbrechen' }));

    // The closing dialog hides the page from the accessibility tree until it has gone.
    await user.click(await screen.findByRole('button', { name: 'Bankkonto entfernen' }, { timeout: 20_000 }));
    const remove = await screen.findByRole('dialog', { name: 'Bankkonto entfernen?' });
    expect(within(remove).getByText(/verliert den Zugriff auf First Platypus Bank ••••0000\.$/)).toBeInTheDocument();
  });
});
