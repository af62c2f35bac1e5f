import type { DpoOverview, MeshResponse } from '@wattdesk/shared/schemas/energy';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { DpoPage } from '../dpo-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const overview: DpoOverview = {
  locationId: LOCATION,
  timeZone: 'Europe/Berlin',
  grid: { supplyUnit: 'A', supplyCapacity: 63, phases: 3, voltage: 230 },
  gridCapacityKw: 1234.5,
  settings: { enabled: true, limitMode: 'fixed', limitKw: 40, periods: [], minPerSessionKw: 1.4 },
  effectiveLimitKw: 40,
  allocatedKw: 22.5,
  actualKw: 18.25,
  chargers: [
    {
      id: 'c1',
      chargerId: 'WD-01',
      name: 'Bay 1',
      status: 'charging',
      connected: true,
      reachable: true,
      priority: 'high',
      maxPowerKw: 22,
      allocatedKw: 22.5,
      actualKw: 18.25,
      sessions: [{ transactionId: 1, connectorId: 1, allocatedKw: 22.5, actualKw: 18.25, profileStatus: 'Accepted' }],
    },
  ],
};
const mesh: MeshResponse = {
  nodes: [{ id: 'c1', chargerId: 'WD-01', name: 'Bay 1', connected: true, link: 'direct', gatewayId: null, controllerName: null, reach: 'online' }],
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/dpo' && method === 'GET') return ok(overview);
  if (path === '/dpo/mesh' && method === 'GET') return ok(mesh);
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

describe('Dynamic Power in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, figures, sections, the chargers table, the mesh and the confirmation', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <DpoPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Dynamische Leistung', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('Geltende Begrenzung')).toBeInTheDocument();
    expect(screen.getByTestId('dpo-limit')).toHaveTextContent('40,0 kW');
    expect(screen.getByTestId('dpo-actual')).toHaveTextContent('18,3 kW');
    expect(screen.getByTestId('dpo-grid')).toHaveTextContent('1.234,5 kW');
    for (const name of ['Ladebegrenzung', 'Stromnetz', 'Ladestationen', 'Mesh-Netzwerk'])
      expect(screen.getByRole('heading', { name, level: 2 })).toBeInTheDocument();
    expect(screen.getByText(/Netzkapazität: 1\.234,5 kW\. Keine Ladestation darf mehr beziehen/)).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Zugeteilte und tatsächliche Leistung je Ladestation' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Ladestation', 'Verbindung', 'Priorität', 'Ladevorgänge', 'Zugeteilt', 'Tatsächlich', 'Nennleistung']);
    expect(within(table).getByText('Online')).toBeInTheDocument();
    expect(within(table).getByRole('combobox', { name: 'Priorität von Bay 1' })).toHaveTextContent('Hoch');

    expect(await screen.findByText('Bay 1: online')).toBeInTheDocument();
    expect(screen.getByText('Direkt verbunden')).toBeInTheDocument();

    expect(screen.getByRole('textbox', { name: 'Minimum je Ladevorgang (kW)' })).toHaveValue('1,4');
    await user.click(screen.getByRole('button', { name: 'Begrenzung anwenden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ladebegrenzung anwenden?' });
    expect(within(dialog).getByText(/insgesamt 40 kW/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Auf Ladestationen anwenden' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
  });
});
