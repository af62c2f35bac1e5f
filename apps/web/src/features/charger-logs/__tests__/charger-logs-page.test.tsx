import type { Charger } from '@wattdesk/shared/schemas/chargers';
import type { ErrorResponse, Paged } from '@wattdesk/shared/schemas/common';
import type { ChargerLogEntry, ChargerLogResponse } from '@wattdesk/shared/schemas/charger-log';
import type { UserType } from '@wattdesk/shared/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useSession } from '../../../lib/session-store.ts';
import { ChargerLogsPage } from '../charger-logs-page.tsx';

const LOCATION = 'loc-1';
const entry: ChargerLogEntry = {
  id: 'e1',
  at: '2026-11-22T10:00:00.000Z',
  chargerId: 'c1',
  chargerCode: 'WD-TEST-01',
  chargerName: 'Bay 1',
  kind: 'fault',
  summary: 'Connector 1 faulted: GroundFailure',
};
const page = (items: ChargerLogEntry[]): ChargerLogResponse => ({ items, total: items.length, page: 1, pageSize: 25 });

/** The API over real HTTP: it answers the log the test sets and records what the page asked for. */
let server: Server;
let logItems: ChargerLogEntry[] = [];
let requests: URL[] = [];
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const queryOf = (url: URL) => Object.fromEntries(url.searchParams);
const logRequests = (path: string) => requests.filter((url) => url.pathname === `/web${path}`);

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    requests.push(url);
    switch (url.pathname) {
      case '/web/charger-events':
        return send(res, 200, page(logItems));
      case '/web/charger-events/export':
        res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="charger-log-2026-11-22.csv"' });
        return res.end('Time,Charger,Charger id,Kind,Summary\r\n');
      case '/web/chargers':
        return send(res, 200, {
          items: [{ id: 'c1', name: 'Bay 1', chargerId: 'WD-TEST-01' }],
          total: 1,
          page: 1,
          pageSize: 200,
        } satisfies Paged<Pick<Charger, 'id' | 'name' | 'chargerId'>>);
      default:
        // The live feed (GET /web/live) stops on a 403; this page is tested without it.
        return send(res, 403, { responseCode: 403, msg: ['Not here'] } satisfies ErrorResponse);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const renderAs = (userType: UserType) => {
  useSession.setState({
    user: {
      userId: 'u1',
      userType,
      locations: [LOCATION],
      firstName: 'Kim',
      lastName: 'Novak',
      email: 'kim@example.com',
      phoneNumber: null,
      access_token: 'a',
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ChargerLogsPage />
    </QueryClientProvider>,
  );
};

describe('ChargerLogsPage', () => {
  beforeEach(() => {
    logItems = [entry];
    requests = [];
    useSelectedLocation.setState({ locationId: LOCATION });
  });

  it('asks for a location first', async () => {
    useSelectedLocation.setState({ locationId: null });
    renderAs('SuperAdmin');
    expect(screen.getByText('Choose a location')).toBeInTheDocument();
    // Once a location is chosen the log is asked for: a request without one would have been sent before it.
    await act(async () => useSelectedLocation.setState({ locationId: LOCATION }));
    expect(await screen.findByText('Connector 1 faulted: GroundFailure')).toBeInTheDocument();
    expect(logRequests('/charger-events').map((url) => url.searchParams.get('locationId'))).toEqual([LOCATION]);
  });

  it('shows the location’s log with the kind as a chip; no export without Logs_Export', async () => {
    renderAs('ReadonlyAdmin');
    expect(screen.getByRole('heading', { name: 'Logs' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Charger log' });
    expect(await within(grid).findByText('Connector 1 faulted: GroundFailure')).toBeInTheDocument();
    expect(within(grid).getByText('Fault')).toBeInTheDocument();
    expect(within(grid).getByText('WD-TEST-01')).toBeInTheDocument();
    expect(queryOf(logRequests('/charger-events').at(-1)!)).toEqual({ locationId: LOCATION, page: '1', pageSize: '25' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('sends the filters to the server, says when nothing matches, and exports the same filters', async () => {
    logItems = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:charger-log', revokeObjectURL: () => undefined }));
    const user = userEvent.setup();
    renderAs('SuperAdmin');
    expect(await screen.findByText('Nothing logged here yet')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Fault' }));
    await user.click(screen.getByRole('combobox', { name: 'Charger' }));
    await user.click(await screen.findByRole('option', { name: 'Bay 1 (WD-TEST-01)' }));
    await user.type(screen.getByLabelText('Search summary'), ' ground ');
    await waitFor(() =>
      expect(queryOf(logRequests('/charger-events').at(-1)!)).toMatchObject({
        locationId: LOCATION,
        kind: 'fault',
        chargerId: 'c1',
        search: 'ground',
      }),
    );
    expect(await screen.findByText('No log entry matches these filters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(logRequests('/charger-events/export')).toHaveLength(1));
    expect(queryOf(logRequests('/charger-events/export')[0]!)).toEqual({ locationId: LOCATION, kind: 'fault', chargerId: 'c1', search: 'ground' });
    vi.unstubAllGlobals();
  });
});
