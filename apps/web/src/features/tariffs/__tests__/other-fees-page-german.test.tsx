import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { OtherFeesPage } from '../other-fees-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const tariff = {
  locationId: LOCATION,
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
  current: null,
  scheduled: [],
  history: [],
  defaultSessionFee: 125050,
} satisfies TariffOverview;

let api: TestApi;
const routes: ApiRoutes = ({ path }) => (path === '/tariffs' ? ok(tariff) : undefined);

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

describe('Other Fees in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, the session fee choices with the network default the German way, the default form', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <OtherFeesPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Weitere Gebühren', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Pauschale Gebühren, einmal pro Ladevorgang berechnet.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Gebühr pro Ladevorgang' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Der Standardwert des Netzwerks: 1\.250,50\s\$$/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Eine eigene Gebühr dieses Standorts' }));
    expect(screen.getByRole('textbox', { name: 'Gebühr pro Ladevorgang' })).toBeInTheDocument();
    expect(screen.getByText('Gebühr pro Ladevorgang: Pflichtfeld')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gebühr pro Ladevorgang speichern' })).toBeDisabled();

    expect(screen.getByRole('heading', { name: 'Standardgebühr pro Ladevorgang im Netzwerk (USD)' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Standardgebühr pro Ladevorgang' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Standardwert speichern' })).toBeInTheDocument();
  });
});
