import type { PaymentDetails } from '@wattdesk/shared/schemas/billing';
import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { PaymentInfoPage } from '../payment-info-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
let details: PaymentDetails;
const card: PaymentDetails = {
  locationId: LOCATION,
  card: { brand: 'Visa', last4: '4242', expMonth: 3, expYear: 2034, updatedAt: '2026-12-01T18:00:00.000Z', updatedByEmail: 'kim@example.com' },
  sandbox: false,
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/payments/payment-details' && method === 'GET') return ok(details);
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', timeZone: 'America/Los_Angeles' });
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  details = card;
  useSelectedLocation.setState({ locationId: LOCATION });
  await useLanguage.getState().choose('de');
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('Payment Info in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, the card on file with its expiry and who updated it, the accepted cards', async () => {
    renderAs('Admin', <PaymentInfoPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Zahlungsdaten', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hinterlegte Karte' })).toBeInTheDocument();
    expect(screen.getByTestId('card-on-file')).toHaveTextContent('Visa mit Endziffern 4242');
    expect(screen.getByText('Gültig bis 03/2034')).toBeInTheDocument();
    expect(screen.getByText(/^Aktualisiert am .+ von kim@example\.com$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Karte ändern' })).toBeInTheDocument();
    const accepted = screen.getByLabelText('Akzeptierte Karten');
    expect(within(accepted).getByText('Akzeptiert:')).toBeInTheDocument();
    expect(
      within(accepted)
        .getAllByRole('img')
        .map((mark) => mark.getAttribute('aria-label')),
    ).toEqual(['Visa', 'MasterCard', 'American Express', 'Discover']);
  });

  it('says in German that there is no card yet', async () => {
    details = { locationId: LOCATION, card: null, sandbox: true };
    renderAs('Admin', <PaymentInfoPage />, [LOCATION]);
    expect(await screen.findByText('Keine Karte hinterlegt', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText(/^Das Abonnement des Standorts wird über diese Karte abgerechnet\./)).toBeInTheDocument();
    expect(screen.getByText(/^Sandbox-Modus:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Karte hinzufügen' })).toBeInTheDocument();
  });
});
