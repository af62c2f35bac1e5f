import type { SubscriptionOverview, SubscriptionPlan } from '@wattdesk/shared/schemas/billing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { SubscriptionPage } from '../subscription-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const plan = (id: string, name: string, unitAmount: number, maxChargers: number | null): SubscriptionPlan => ({
  id,
  name,
  description: '',
  includes: { maxChargers, features: id === 'basic' ? [] : ['firmware_campaigns'] },
  price: { lookupKey: `wattdesk_${id}_usd_month`, unitAmount, currency: 'USD', interval: 'month' },
});
const overview: SubscriptionOverview = {
  locationId: LOCATION,
  subscription: {
    subscriptionId: 'sub_1',
    planId: 'standard',
    planName: 'Standard',
    status: 'ACTIVE',
    quantity: 3,
    unitAmount: 2_500,
    amount: 7_500,
    currency: 'USD',
    interval: 'month',
    currentPeriodEnd: '2027-01-07T17:00:00.000Z',
    updatedAt: '2026-12-07T00:00:00.000Z',
  },
  plans: [plan('basic', 'Basic', 1_500, 25), plan('standard', 'Standard', 2_500, 100), plan('pro', 'Pro', 400_000, null)],
  includes: { maxChargers: null, features: ['firmware_campaigns', 'dynamic_power'] },
  chargerCount: 3,
  hasPaymentMethod: true,
  sandbox: true,
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/payments/subscription' && method === 'GET') return ok(overview);
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', timeZone: 'America/Los_Angeles' });
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
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the dialogs render slowly when the shared machine is busy.
describe('Subscription in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, current plan, plans with prices the German way, the switch and cancel confirmations', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <SubscriptionPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Abonnement', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Plan Standard' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Aktiv');
    expect(screen.getByText(/^Sandbox-Modus: Dieser Server hat keine Stripe-Schlüssel/)).toBeInTheDocument();
    expect(await screen.findByText(/^Verlängert sich am .+ \(America\/Los_Angeles\)$/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pläne' })).toBeInTheDocument();
    expect(screen.getByText('Aktueller Plan')).toBeInTheDocument();
    expect(screen.getByText('Bis zu 25 Ladestationen')).toBeInTheDocument();
    expect(screen.getByText('Beliebig viele Ladestationen · Firmware-Kampagnen')).toBeInTheDocument();
    expect(screen.getByText(/^3 Ladestationen: 12\.000,00\s\$ \/ Monat$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zu Basic wechseln' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Zu Pro wechseln' }));
    const change = await screen.findByRole('dialog', { name: 'Zu Pro wechseln?' });
    expect(change).toHaveTextContent(/3 Ladestationen × 4\.000,00\s\$ = 12\.000,00\s\$ pro Monat, abgebucht von der hinterlegten Karte;/);
    expect(within(change).getByRole('button', { name: 'Plan wechseln' })).toBeInTheDocument();
    await user.click(within(change).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Abonnement kündigen' }));
    const cancel = await screen.findByRole('dialog', { name: 'Abonnement kündigen?' });
    expect(cancel).toHaveTextContent(
      /Der Plan Standard endet sofort, statt sich am .+ zu verlängern, und dieser Standort wird nicht mehr abgerechnet\./,
    );
  });
});
