import type { ErrorResponse, Paged } from '@wattdesk/shared/schemas/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserType } from '@wattdesk/shared/roles';
import type { LocationListItem, SetResellerResponse } from '@wattdesk/shared/schemas/locations';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { LocationsOverview } from './locations-overview.tsx';

/** A small API over real HTTP: the list answers whatever the flags are now, so a refetch shows a change. */
const SEED: LocationListItem[] = [
  { id: 'loc-a', name: 'Alpha Garage', city: 'Oakland', hasReseller: false, chargerCount: 3 },
  { id: 'loc-b', name: 'Bravo Lot', city: 'Oakland', hasReseller: false, chargerCount: 2 },
  { id: 'loc-c', name: 'Charlie Plaza', city: 'San Jose', hasReseller: true, chargerCount: 4 },
];
let locations: LocationListItem[] = [];
let resellerCalls: unknown[] = [];
let server: Server;
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bodyOf = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return JSON.parse(text) as { locationIds: string[]; hasReseller: boolean };
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (req.method === 'POST' && url.pathname === '/web/locations/reseller') {
      return void bodyOf(req).then((body) => {
        resellerCalls.push(body);
        locations = locations.map((location) => (body.locationIds.includes(location.id) ? { ...location, hasReseller: body.hasReseller } : location));
        send(res, 200, { updated: body.locationIds.length } satisfies SetResellerResponse);
      });
    }
    if (url.pathname === '/web/locations')
      return send(res, 200, { items: locations, total: locations.length, page: 1, pageSize: 25 } satisfies Paged<LocationListItem>);
    return send(res, 404, { responseCode: 404, msg: ['Not found'] } satisfies ErrorResponse);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  locations = SEED.map((location) => ({ ...location }));
  resellerCalls = [];
});
afterEach(() => useSession.setState({ user: null }));

const renderAs = (userType: UserType) => {
  useSession.setState({
    user: {
      access_token: 'token',
      userId: 'u1',
      userType,
      locations: [],
      firstName: 'Dana',
      lastName: 'Chen',
      email: 'dana@example.com',
      phoneNumber: null,
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <LocationsOverview />
      <ToastContainer />
    </QueryClientProvider>,
  );
};
const rowOf = async (name: string) => (await screen.findByText(name)).closest<HTMLElement>('[role="row"]')!;

// The data grid in jsdom is slow on a busy machine; the default 5 s cuts a full select-confirm-refetch short.
describe('LocationsOverview: the reseller flag on many locations at once (spec section 4)', { timeout: 20_000 }, () => {
  it('ticks two locations, confirms with their count and names, and shows the flag on both rows', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin');
    await user.click(within(await rowOf('Alpha Garage')).getByRole('checkbox'));
    await user.click(within(await rowOf('Bravo Lot')).getByRole('checkbox'));
    expect(screen.getByRole('status')).toHaveTextContent('2 locations selected');

    await user.click(screen.getByRole('button', { name: 'Mark as reseller' }));
    const dialog = screen.getByRole('dialog', { name: 'Set the reseller flag on 2 locations?' });
    expect(dialog).toHaveTextContent('Alpha Garage, Bravo Lot will show as sold through a reseller.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as reseller' }));

    expect(await screen.findByText('Reseller flag set on 2 locations')).toBeInTheDocument();
    expect(resellerCalls).toEqual([{ locationIds: ['loc-a', 'loc-b'], hasReseller: true }]);
    // While the dialog closes the page behind it is aria-hidden; roles are found again once it is gone.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    for (const name of ['Alpha Garage', 'Bravo Lot']) expect(within(await rowOf(name)).getByText('Reseller')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('No location selected');
  });

  it('sends nothing when the confirmation is cancelled, and keeps the selection', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin');
    await user.click(within(await rowOf('Charlie Plaza')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Clear reseller' }));
    const dialog = screen.getByRole('dialog', { name: 'Clear the reseller flag on 1 location?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(resellerCalls).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('1 location selected');
  });

  it('lists the locations without selection or actions for a role that may not change the flag', async () => {
    renderAs('PortfolioManager');
    expect(within(await rowOf('Charlie Plaza')).getByText('Reseller')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as reseller' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear reseller' })).not.toBeInTheDocument();
  });
});
