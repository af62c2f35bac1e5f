import type { Charger, ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import type { ChargerEvent } from '@wattdesk/shared/schemas/charging';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { AssetsPage } from '../assets-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const NOW = '2026-11-22T10:05:00.000Z';
const bay: Charger = {
  id: 'c1',
  chargerId: 'WD-TEST-01',
  locationId: LOCATION,
  locationName: 'Diridon Station',
  name: 'Bay 1',
  thingName: 'thing-wd-test-01',
  lastKnownStatus: null,
  licensed: true,
  demoNotConnected: false,
  ocppVersion: '1.6',
  kind: 'smart',
  model: 'Wattdesk Smart 11',
  serialNumber: 'SN1',
  connectorTypes: ['J1772'],
  maxPowerKw: 11.5,
  status: 'charging',
  lastSeenAt: NOW,
  connected: true,
  availability: 'operative',
  firmwareVersion: '1.4.2',
  connectors: [
    { connectorId: 1, status: 'Charging', errorCode: 'NoError', info: null, updatedAt: NOW },
    { connectorId: 2, status: 'Available', errorCode: 'NoError', info: null, updatedAt: NOW },
  ],
  activeSessions: [
    { id: 's1', transactionId: 7, connectorId: 1, idTag: 'DRIVER-1', driverName: null, startedAt: NOW, energyKwh: 1234.5, powerKw: 7, cost: null },
  ],
};
const fault: ChargerEvent = {
  id: 'e1',
  at: '2026-11-22T10:00:00.000Z',
  kind: 'fault',
  summary: 'Connector 1 faulted: GroundFailure',
  detail: null,
} satisfies ChargerEvent;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/chargers' && method === 'GET')
    return ok({ ...paged([bay]), statusCounts: { available: 0, charging: 1, offline: 0, maintenance: 0, faulted: 0 } } satisfies ChargerListResponse);
  if (path === '/chargers/c1' && method === 'GET') return ok(bay);
  if (path === '/chargers/c1/events') return ok(paged([fault]));
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', chargerCount: 1204, timeZone: 'America/Los_Angeles' });
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

// Limits, not measurements: the grid and the charger's dialog render slowly when the shared machine is busy.
describe('Assets in German (issue 44)', { timeout: 120_000 }, () => {
  it('reads German: heading, count the German way, buttons, columns, the delete confirmation', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <AssetsPage />, [LOCATION]);
    expect(await screen.findByRole('heading', { name: 'Geräte', level: 1 }, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('Diridon Station · 1.204 Ladestationen', {}, { timeout: 20_000 })).toBeInTheDocument();
    for (const name of ['CSV importieren', 'Ladestation hinzufügen']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ladestationen suchen' })).toBeInTheDocument();

    const grid = screen.getByRole('grid', { name: 'Ladestationen' });
    expect(await within(grid).findByText('Bay 1', {}, { timeout: 20_000 })).toBeInTheDocument();
    const headers = within(grid)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Name · Ladestations-ID', 'Art', 'Modell', 'Status', 'Aktuell', 'Aktionen']);
    expect(within(grid).getByTestId('active-session')).toHaveTextContent('1.234,50 kWh');

    await user.click(within(grid).getByRole('button', { name: 'Bay 1 löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bay 1 löschen?' });
    expect(dialog).toHaveTextContent('WD-TEST-01 wird vom Standort Diridon Station entfernt. Dies kann nicht rückgängig gemacht werden.');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("reads German in the charger's dialog: facts, actions, a command's confirmation, the log", async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <AssetsPage />, [LOCATION]);
    const grid = await screen.findByRole('grid', { name: 'Ladestationen' }, { timeout: 20_000 });
    await within(grid).findByText('Bay 1', {}, { timeout: 20_000 });
    await user.click(within(grid).getByRole('button', { name: 'Bay 1 verwalten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Bay 1 (WD-TEST-01)' });
    const tabs = within(dialog)
      .getAllByRole('tab')
      .map((tab) => tab.textContent);
    expect(tabs).toEqual(['Übersicht', 'Protokoll']);
    expect(await within(dialog).findByText('Verfügbarkeit', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(dialog).getByText('In Betrieb')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Laufende Ladevorgänge' })).toBeInTheDocument();
    for (const name of ['Ladevorgang starten', 'Neustart…', 'Diagnose…', 'OCPP-Passwort zurücksetzen', 'Anschluss 2 entriegeln'])
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Außer Betrieb setzen' }));
    const confirm = await screen.findByRole('dialog', { name: 'Bay 1 außer Betrieb setzen?' });
    expect(confirm).toHaveTextContent(
      'Bis zur erneuten Inbetriebnahme kann kein Fahrer an Bay 1 laden. Ein Ladevorgang läuft (DRIVER-1): Das Laden geht bis zu seinem Ende weiter, dann wird die Ladestation außer Betrieb gesetzt.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bay 1 außer Betrieb setzen?' })).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user.click(await within(dialog).findByRole('tab', { name: 'Protokoll' }));
    const log = await within(dialog).findByRole('table', { name: 'Protokoll der Ladestation' }, { timeout: 20_000 });
    const headers = within(log)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Zeit', 'Art', 'Was geschah']);
    expect(within(log).getByText('Störung')).toBeInTheDocument();
  });
});
