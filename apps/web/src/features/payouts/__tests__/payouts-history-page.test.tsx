import type { Balance, BalanceResponse, Transfer, TransferListResponse } from '@wattdesk/shared/schemas/payouts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { PayoutsHistoryPage } from '../payouts-history-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const balance = {
  currency: 'EUR',
  available: 123_450,
  pending: 0,
  paid: 30_000,
  hostShare: 153_450,
  sessionRevenue: 200_000,
  earned: 200_000,
  collected: 200_000,
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
const transfer = {
  id: 'tr1',
  locationId: LOCATION,
  currency: 'EUR',
  amount: 30_000,
  status: 'in_transit',
  periodFrom: null,
  periodTo: '2026-11-30T23:00:00.000Z',
  trigger: 'schedule',
  failureReason: null,
  providerTransferId: 'tr_1',
  providerPayoutId: null,
  destination: 'acct_123',
  destinationBank: null,
  requestedByEmail: null,
  createdAt: '2026-12-01T08:00:00.000Z',
  paidAt: null,
} satisfies Transfer;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi(({ path }) => {
    if (path === '/payments/payouts/balance') return ok({ locationId: LOCATION, balances: [balance], connected: true } satisfies BalanceResponse);
    if (path === '/payments/payouts/transfers')
      return ok({ items: [transfer], total: 1, page: 1, pageSize: 10, timeZone: 'Europe/Berlin' } satisfies TransferListResponse);
    return undefined;
  });
  allowForBusyMachine();
});
afterAll(() => api.close());
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('Payouts History in German (issue 44)', () => {
  it('reads German: heading, balance, statement, the payouts table and the transfer confirmation, amounts written the German way', async () => {
    // As a change of language does for the areas already shown: the screen then renders without suspending.
    await loadEveryArea('de');
    await useLanguage.getState().choose('de');
    useSelectedLocation.setState({ locationId: LOCATION });
    renderAs('PortfolioManager', <PayoutsHistoryPage />, [LOCATION]);

    expect(screen.getByRole('heading', { name: 'Auszahlungsverlauf' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Guthaben (EUR)' })).toBeInTheDocument();
    expect(screen.getByText('Zum Überweisen verfügbar').nextElementSibling).toHaveTextContent('1.234,50 €');
    expect(screen.getByRole('heading', { name: 'Kontoauszug' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV herunterladen' })).toBeInTheDocument();

    const table = await screen.findByRole('table', { name: 'Auszahlungen' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Datum (Europe/Berlin)', 'Zeitraum', 'Betrag', 'Status', 'Ausgezahlt an', 'Details']);
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('300,00 €');
    expect(row).toHaveTextContent('Unterwegs');
    expect(row).toHaveTextContent('Stripe-Konto acct_123');
    expect(row).toHaveTextContent('Geplante Auszahlung');

    await userEvent.click(screen.getByRole('button', { name: 'Guthaben überweisen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Guthaben überweisen?' });
    expect(dialog).toHaveTextContent(
      '1.234,50 € wird an das verbundene Stripe-Konto gesendet und dann an die Bank des verbundenen Kontos ausgezahlt.',
    );
    expect(within(dialog).getByRole('button', { name: 'Überweisen' })).toBeInTheDocument();
  });
});
