import type { Paged } from '@wattdesk/shared/schemas/common';
import type { Address, LocationListItem, LocationState } from '@wattdesk/shared/schemas/locations';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useSession } from '../../../lib/session-store.ts';
import { LocationSearch } from './location-search.tsx';

const LOCATIONS = [
  { id: 'loc-diridon', name: 'Diridon Station', city: 'San Jose', hasReseller: false, chargerCount: 12 },
  { id: 'loc-jack', name: 'Jack London Square', city: 'Oakland', hasReseller: false, chargerCount: 8 },
  { id: 'loc-lake', name: 'Lake Merritt Offices', city: 'Oakland', hasReseller: false, chargerCount: 20 },
] satisfies LocationListItem[];

/** The parts of a location's state (GET /web/locations/location-by-id) the search reads. */
type LocationStateRead = Pick<LocationState, 'locationId' | 'name' | 'chargers' | 'chargerCount' | 'hasReseller'> & {
  address: Pick<Address, 'city'>;
};

/** The API over real HTTP: the location list filtered by the search text, as the server does. */
let server: Server;
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/web/locations') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase();
      const items = LOCATIONS.filter((location) => location.name.toLowerCase().includes(search));
      return send(res, 200, { items, total: items.length, page: 1, pageSize: 20 } satisfies Paged<LocationListItem>);
    }
    const id = url.searchParams.get('locationId') ?? '';
    const location = LOCATIONS.find((item) => item.id === id);
    return send(res, 200, {
      locationId: id,
      name: location?.name ?? id,
      address: { city: location?.city ?? '' },
      chargers: [],
      chargerCount: 0,
      hasReseller: false,
    } satisfies LocationStateRead);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  useSession.setState({ user: null });
  useSelectedLocation.setState({ locationId: null });
});

const renderSearch = () => {
  useSession.setState({
    user: {
      access_token: 'token',
      userId: 'u1',
      userType: 'SuperAdmin',
      locations: [],
      firstName: 'Dana',
      lastName: 'Chen',
      email: 'dana@example.com',
      phoneNumber: null,
    },
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LocationSearch />
    </QueryClientProvider>,
  );
};

describe('the location search of the top bar', () => {
  it('picks the location the user typed on Enter, not "All locations"', async () => {
    const user = userEvent.setup();
    renderSearch();
    const field = screen.getByRole('combobox', { name: 'Location' });
    await user.click(field);
    await screen.findByRole('option', { name: /All locations/ });
    await user.clear(field);
    // Enter at once, before the server has answered for the text: the match on the list already shown is picked.
    await user.type(field, 'lake{Enter}');
    await waitFor(() => expect(useSelectedLocation.getState().locationId).toBe('loc-lake'));
  });

  it('still offers "All locations" to a user who types it', async () => {
    const user = userEvent.setup();
    useSelectedLocation.setState({ locationId: 'loc-jack' });
    renderSearch();
    const field = screen.getByRole('combobox', { name: 'Location' });
    await waitFor(() => expect(field).toHaveValue('Jack London Square'));
    await user.clear(field);
    await user.type(field, 'all{Enter}');
    await waitFor(() => expect(useSelectedLocation.getState().locationId).toBeNull());
  });
});
