import type { TariffOverview } from '@wattdesk/shared/schemas/tariffs';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { IdleFeesPage } from '../idle-fees-page.tsx';

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

// Limits, not measurements: the selects render slowly when the shared machine is busy.
describe('Idle Fees in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, fields, the grace choices, the cap and the free hours, a wrong amount explained in German', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <IdleFeesPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Blockiergebühren', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Blockiergebühr' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Blockiergebühr berechnen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Blockiergebühr speichern' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Karenzzeit' }));
    expect(screen.getByRole('option', { name: 'Keine Karenzzeit' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '30 Minuten' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    const price = screen.getByRole('textbox', { name: 'Blockiergebühr pro Minute' });
    await user.clear(price);
    await user.type(price, 'abc');
    expect(
      screen.getByText('Blockiergebühr pro Minute: muss eine Zahl größer oder gleich null sein, in USD mit ihren Nachkommastellen'),
    ).toBeInTheDocument();
    await user.clear(price);
    expect(screen.getByText('Blockiergebühr pro Minute: Pflichtfeld')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Höchstens pro Tag' }));
    expect(screen.getByRole('textbox', { name: 'Tageshöchstbetrag' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Keine Blockiergebühr in diesen Stunden' }));
    expect(screen.getByRole('combobox', { name: 'Von' })).toHaveTextContent('22:00');
    expect(screen.getByRole('combobox', { name: 'Bis' })).toHaveTextContent('06:00');
  });
});
