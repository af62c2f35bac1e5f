import type { ErrorResponse } from '@wattdesk/shared/schemas/common';
import type { AppConfigResponse } from '@wattdesk/shared/schemas/app-config';
import type { NetworkMap, NetworkMapItem } from '@wattdesk/shared/schemas/network-map';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useSession } from '../../../lib/session-store.ts';
import { NetworkMapSection } from './network-map-section.tsx';

const pin = (locationId: string, name: string, status: NetworkMapItem['status'], counts: Partial<NetworkMapItem['chargers']>): NetworkMapItem => ({
  locationId,
  name,
  city: 'San Jose',
  lat: 37.33,
  lng: -121.89,
  timeZone: 'America/Los_Angeles',
  chargers: { total: 0, available: 0, charging: 0, offline: 0, maintenance: 0, faulted: 0, ...counts },
  status,
});

/** The API over real HTTP: the map of the network and the public app config (no tile server). */
let server: Server;
let items: NetworkMapItem[] = [];
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/web/locations/network-map') return send(res, 200, { items, truncated: false } satisfies NetworkMap);
    if (url.pathname === '/web/app-config')
      return send(res, 200, {
        websiteUrl: '',
        environment: 'test',
        mapTileUrl: null,
        mapAttribution: '',
        sso: { workforce: null, customer: null },
      } satisfies AppConfigResponse);
    return send(res, 404, { responseCode: 404, msg: ['Not found'] } satisfies ErrorResponse);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  useSelectedLocation.setState({ locationId: null });
  useSession.setState({
    user: {
      access_token: 'token',
      userId: 'u1',
      userType: 'PortfolioManager',
      locations: [],
      firstName: 'Rae',
      lastName: 'Lin',
      email: 'rae@example.com',
      phoneNumber: null,
    },
  });
});
afterEach(() => useSession.setState({ user: null }));

const renderSection = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NetworkMapSection />
    </QueryClientProvider>,
  );

describe('Network map on the control center', () => {
  it('lists every location with its status in words, and choosing one selects it in the top bar', async () => {
    items = [
      pin('l1', 'Diridon Station', 'faulted', { total: 4, available: 2, charging: 1, faulted: 1 }),
      pin('l2', 'Market Garage', 'available', { total: 2, available: 2 }),
      pin('l3', 'New Lot', 'empty', {}),
    ];
    renderSection();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Show the locations as a list' }));
    const list = screen.getByRole('list', { name: 'Locations on the map' });
    expect(within(list).getByRole('button', { name: /Diridon Station.*Faulted · 4 chargers/ })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /Market Garage.*Available · 2 chargers/ })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /New Lot.*No chargers · 0 chargers/ })).toBeInTheDocument();
    // The legend names every colour.
    expect(within(screen.getByRole('list', { name: 'Map legend' })).getByText('Faulted')).toBeInTheDocument();

    await user.click(within(list).getByRole('button', { name: /Market Garage/ }));
    expect(useSelectedLocation.getState().locationId).toBe('l2');
  });

  it('says so when no location can be shown', async () => {
    items = [];
    renderSection();
    expect(await screen.findByText('No location to show on the map')).toBeInTheDocument();
  });
});
