import type { ChargingSession } from '@wattdesk/shared/schemas/charging';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { SessionsPage } from '../sessions-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const finished = {
  id: 's1',
  transactionId: 4711,
  chargerId: 'c1',
  chargerCode: 'WD-0042',
  chargerName: 'Bay 42',
  locationId: LOCATION,
  connectorId: 1,
  idTag: '04A1B2C3',
  driverName: 'Rosa Diaz',
  startedAt: '2026-11-22T16:00:00.000Z',
  stoppedAt: '2026-11-22T17:30:00.000Z',
  energyKwh: 1234.5,
  powerKw: null,
  stopReason: 'EVDisconnected',
  status: 'completed',
  cost: { currency: 'USD', total: 123456, final: true },
} satisfies ChargingSession;
const running = {
  ...finished,
  id: 's2',
  transactionId: 4712,
  connectorId: 2,
  stoppedAt: null,
  energyKwh: 12.5,
  powerKw: 7.4,
  stopReason: null,
  status: 'active',
  cost: { currency: 'USD', total: 250, final: false },
} satisfies ChargingSession;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

let api: TestApi;
let sessions: ChargingSession[] = [];
const routes: ApiRoutes = ({ path }) => {
  if (path === '/sessions') return ok(paged(sessions));
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', timeZone: 'America/Los_Angeles' });
  if (path === '/chargers') return ok({ items: [{ id: 'c1', name: 'Bay 42', chargerId: 'WD-0042' }], total: 1, page: 1, pageSize: 200 });
  if (path === '/session-payments') return ok({ items: [], total: 0, page: 1, pageSize: 10 });
  if (path === '/locations/payment-rule') return ok({ locationId: LOCATION, unpaidSessionRule: 'receivable' });
  // Anything else, the live feed included, is not there: the feed stops on a 404.
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(async () => {
  sessions = [finished, running];
  api.calls = [];
  useSelectedLocation.setState({ locationId: LOCATION });
  await useLanguage.getState().choose('de');
  // As a change of language does for the screens already open: the screen then shows German without suspending.
  await loadEveryArea('de');
});
afterEach(async () => {
  await useLanguage.getState().choose('en');
  localStorage.clear();
});

// Limits, not measurements: the grid and its menus render slowly when the shared machine is busy.
describe('Charging Sessions in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, filters, columns, cells, figures the German way, the unpaid sessions and an empty list', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <SessionsPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Ladevorgänge', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ID-Tag des Fahrers' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Steckertyp' })).toBeInTheDocument();

    const grid = screen.getByRole('grid', { name: 'Ladevorgänge' });
    expect(await within(grid).findByRole('link', { name: 'Ladevorgang 4711 an Bay 42' }, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Vorgang', 'Ladestation', 'Fahrer', 'Beginn', 'Ende · Dauer', 'Energie', 'Leistung', 'Kosten', 'Status']);
    expect(within(grid).getAllByText('WD-0042 · Anschluss 1')).toHaveLength(1);
    expect(within(grid).getByText('1.234,50 kWh')).toBeInTheDocument();
    expect(within(grid).getByText('12,50 kWh')).toBeInTheDocument();
    expect(within(grid).getByText('7,4 kW')).toBeInTheDocument();
    expect(within(grid).getByText(/^1\.234,56\s\$$/)).toBeInTheDocument();
    expect(within(grid).getByText(/^2,50\s\$ bisher$/)).toBeInTheDocument();
    expect(within(grid).getByText('Abgeschlossen')).toBeInTheDocument();
    expect(within(grid).getByText('Aktiv')).toBeInTheDocument();
    expect(within(grid).getByText('Läuft')).toBeInTheDocument();

    expect(await screen.findByRole('heading', { name: 'Unbezahlte Ladevorgänge', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Fahrer ohne hinterlegte Karte abweisen' })).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(screen.getByRole('option', { name: 'Alle Status' })).toBeInTheDocument();
    sessions = [];
    await user.click(screen.getByRole('option', { name: 'Abgeschlossen' }));
    await waitFor(() => expect(api.callsTo('/sessions').at(-1)?.query.status).toBe('completed'));
    expect(await screen.findByText('Kein Ladevorgang entspricht diesen Filtern')).toBeInTheDocument();
  });
});
