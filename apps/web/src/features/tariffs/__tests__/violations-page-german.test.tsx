import type { Paged } from '@wattdesk/shared/schemas/common';
import type { TariffOverview, Violation } from '@wattdesk/shared/schemas/tariffs';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { ViolationsPage } from '../violations-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const tariff = {
  locationId: LOCATION,
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
  current: null,
  scheduled: [],
  history: [],
  defaultSessionFee: 0,
} satisfies TariffOverview;
const overstay = {
  id: 'v1',
  sessionId: 's1',
  transactionId: 4711,
  chargerId: 'c1',
  chargerName: 'Bay 42',
  idTag: '04A1B2C3',
  rule: 'max-stay',
  amount: 123456,
  currency: 'USD',
  status: 'open',
  detectedAt: '2026-11-22T16:00:00.000Z',
  limitMinutes: 240,
  actualMinutes: 300,
  reason: null,
  resolvedAt: null,
  resolvedBy: null,
} satisfies Violation;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

let api: TestApi;
const routes: ApiRoutes = ({ path }) => {
  if (path === '/tariffs') return ok(tariff);
  if (path === '/violations') return ok(paged([overstay]));
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

// Limits, not measurements: the grid and the dialog render slowly when the shared machine is busy.
describe('Violations in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, rules, filters, columns, rule and amount the German way; the waive dialog and its validation too', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <ViolationsPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Verstöße', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Regeln' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Maximale Standzeit' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Blockieren über ein Limit hinaus' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regeln speichern' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeInTheDocument();
    const filters = screen.getByRole('search', { name: 'Verstöße filtern' });
    expect(within(filters).getByRole('combobox', { name: 'Status' })).toBeInTheDocument();
    expect(within(filters).getByRole('combobox', { name: 'Regel' })).toBeInTheDocument();
    expect(within(filters).getByRole('textbox', { name: 'ID-Tag des Fahrers' })).toBeInTheDocument();

    const grid = await screen.findByRole('grid', { name: 'Verstöße' }, { timeout: 20_000 });
    expect(await within(grid).findByText('Maximale Standzeit: 300 Min.', {}, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Erkannt', 'Fahrer', 'Ladestation', 'Ladevorgang', 'Regel', 'Betrag', 'Status', 'Aktionen']);
    expect(within(grid).getByText(/^1\.234,56\s\$$/)).toBeInTheDocument();
    expect(within(grid).getByText('Offen')).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Ladevorgang 4711' })).toBeInTheDocument();

    await user.click(within(grid).getByRole('button', { name: 'Verstoß von Ladevorgang 4711 erlassen' }));
    const dialog = screen.getByRole('dialog', { name: 'Diesen Verstoß erlassen?' });
    expect(within(dialog).getByText(/^04A1B2C3 an Bay 42, Ladevorgang 4711: 1\.234,56\s\$\. Die Gebühr wird/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Erlassen' }));
    expect(within(dialog).getByText('Grund: Pflichtfeld')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
