import type { Charger, ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import type { AppConfigResponse } from '@wattdesk/shared/schemas/app-config';
import type { NetworkMap } from '@wattdesk/shared/schemas/network-map';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadEveryArea } from '../../../i18n/catalogues.ts';
import { useLanguage } from '../../../i18n/language-store.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useSession } from '../../../lib/session-store.ts';
import { allowForBusyMachine, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { ControlCenterPage } from '../control-center-page.tsx';

const charger: Charger = {
  id: 'c1',
  chargerId: 'WD-TEST-01',
  locationId: 'l1',
  locationName: 'Hauptbahnhof',
  name: 'Bay 1',
  thingName: 'thing-wd-test-01',
  kind: 'smart',
  model: 'Wattdesk Smart 11',
  serialNumber: 'SN1',
  connectorTypes: ['Type 2'],
  maxPowerKw: 11.5,
  status: 'available',
  lastKnownStatus: 'available',
  licensed: false,
  demoNotConnected: false,
  ocppVersion: '1.6',
  lastSeenAt: new Date().toISOString(),
  connected: true,
  availability: 'operative',
  firmwareVersion: '1.4.2',
  connectors: [],
  activeSessions: [],
};

const chargers: ChargerListResponse = {
  items: [charger],
  total: 1234,
  page: 1,
  pageSize: 24,
  statusCounts: { available: 1234, charging: 2, offline: 1, maintenance: 0, faulted: 0 },
};

const networkMap: NetworkMap = {
  items: [
    {
      locationId: 'l1',
      name: 'Hauptbahnhof',
      city: 'Berlin',
      lat: 52.52,
      lng: 13.37,
      timeZone: 'Europe/Berlin',
      chargers: { total: 1234, available: 1234, charging: 0, offline: 0, maintenance: 0, faulted: 0 },
      status: 'available',
    },
  ],
  truncated: false,
};

const appConfig: AppConfigResponse = {
  websiteUrl: '',
  environment: 'test',
  mapTileUrl: null,
  mapAttribution: '',
  sso: { workforce: null, customer: null },
};

describe('Control Center in German (issue 44)', () => {
  let api: TestApi;
  beforeAll(async () => {
    allowForBusyMachine();
    api = await startTestApi((call) => {
      if (call.path === '/chargers') return ok(chargers);
      if (call.path === '/locations/network-map') return ok(networkMap);
      if (call.path === '/app-config') return ok(appConfig);
      return undefined;
    });
  });
  afterAll(() => api.close());
  afterEach(async () => {
    useSession.setState({ user: null });
    await useLanguage.getState().choose('en');
    localStorage.clear();
  });

  it('reads German: heading, status cards, filters, the map and the charger cards, numbers written the German way', async () => {
    useSelectedLocation.setState({ locationId: null });
    await useLanguage.getState().choose('de');
    // As the app does on a change of language: the screen's catalogue is here before it shows (no suspense in act).
    await loadEveryArea('de');
    renderAs('PortfolioManager', <ControlCenterPage renderChargerDetails={() => null} />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Leitstand' })).toBeInTheDocument();
    expect(screen.getByText('Ladestationen an allen Standorten, auf die Sie Zugriff haben')).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Bay 1' });
    expect(screen.getByTestId('count-available')).toHaveTextContent('1.234');
    expect(screen.getByRole('button', { name: /^Verfügbar/ })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: /^Gestört/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Ladestationen suchen')).toHaveAttribute('placeholder', 'Name, Ladestations-ID oder Modell');
    await userEvent.click(screen.getByRole('combobox', { name: 'Art' }));
    expect(await screen.findByRole('option', { name: 'Alle Arten' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');

    expect(within(card).getByText('WD-TEST-01 · SMART · 11,5 kW')).toBeInTheDocument();
    expect(within(card).getByText('Keine gültige Lizenz')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Bay 1 verwalten' })).toHaveTextContent('Verwalten');
    expect(screen.getByText('1.234 Ladestationen')).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'Netzkarte' })).toBeInTheDocument();
    expect(within(await screen.findByRole('list', { name: 'Kartenlegende' })).getByText('Keine Ladestationen')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Standorte als Liste anzeigen' }));
    const list = await screen.findByRole('list', { name: 'Standorte auf der Karte' });
    expect(within(list).getByRole('button', { name: /Hauptbahnhof, Berlin.*Verfügbar · 1\.234 Ladestationen/ })).toBeInTheDocument();
  });
});
