import type { PaymentAccount } from '@wattdesk/shared/schemas/payments';
import { screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import StripeConnectedPage from '../stripe-connected-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const account: PaymentAccount = {
  locationId: LOCATION,
  accountId: 'acct_sbx1',
  livemode: false,
  sandbox: true,
  connectedAt: '2026-12-01T10:00:00Z',
  connectedByEmail: 'host@example.com',
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => (path === '/payments/connect' && method === 'POST' ? ok(account) : undefined);

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  await useLanguage.getState().choose('de');
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

describe('Stripe connection in German (issue 44)', { timeout: 120_000 }, () => {
  it('says in German that the account is connected, and the way back', async () => {
    renderAs('SuperAdmin', <StripeConnectedPage />, [LOCATION], '/stripe/connected?state=s1&code=c1');
    expect(await screen.findByText('Stripe-Verbindung', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Das Stripe-Konto acct_sbx1 ist verbunden. Die Auszahlungen dieses Standorts werden dorthin gesendet.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeInTheDocument();
  });

  it('says in German that the authorization failed when the provider sent no code', async () => {
    renderAs('SuperAdmin', <StripeConnectedPage />, [LOCATION], '/stripe/connected?error=access_denied');
    expect(
      await screen.findByText(/^Die Autorisierung bei Stripe ist fehlgeschlagen\. Versuchen Sie es später erneut/, {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
  });
});
