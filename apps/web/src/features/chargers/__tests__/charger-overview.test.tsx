import type { ErrorResponse } from '@wattdesk/shared/schemas/common';
import type { Charger } from '@wattdesk/shared/schemas/chargers';
import type { CommandResult } from '@wattdesk/shared/schemas/charging';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { chargerQueries, useCharger } from '../api/chargers-api.ts';
import { ChargerOverview } from '../components/charger-overview.tsx';

const NOW = '2026-11-22T10:05:00.000Z';
const charger: Charger = {
  id: 'c1',
  chargerId: 'WD-TEST-01',
  locationId: 'l1',
  locationName: 'Test Garage',
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
    { id: 's1', transactionId: 7, connectorId: 1, idTag: 'DRIVER-1', driverName: null, startedAt: NOW, energyKwh: 1, powerKw: 7, cost: null },
  ],
};

/** The API over real HTTP: records each command and answers as a charger that accepts it. */
let server: Server;
let commands: { path: string; body: unknown }[] = [];
let heldReloads: (() => void)[] = [];
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bodyOf = async (req: IncomingMessage) => {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return JSON.parse(text) as unknown;
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/web/chargers/c1') {
      // The charger's page reloading on a busy server: answered only when a test lets it.
      heldReloads.push(() => send(res, 200, charger));
      return;
    }
    if (req.method !== 'POST') return send(res, 404, { responseCode: 404, msg: ['Not found'] } satisfies ErrorResponse);
    return void bodyOf(req).then((body) => {
      commands.push({ path: url.pathname, body });
      send(res, 200, { responseCode: 200, msg: ['The charger accepted the command'], status: 'Accepted' } satisfies CommandResult);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  commands = [];
  heldReloads = [];
  useSession.setState({
    user: {
      access_token: 'a',
      userId: 'u1',
      userType: 'SuperAdmin',
      locations: [],
      firstName: 'Kim',
      lastName: 'Novak',
      email: 'kim@example.com',
      phoneNumber: null,
    },
  });
});
afterEach(() => {
  for (const release of heldReloads) release();
  useSession.setState({ user: null });
});

/** What the charger dialog keeps loaded beside the overview: its detail query, which a command makes stale. */
const ChargerDetailObserver = () => {
  useCharger('c1');
  return null;
};

const renderOverview = (shown: Charger = charger) => {
  // Fresh until a command makes it stale: what reloads it is the command.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(chargerQueries.detail('c1').queryKey, charger);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ChargerDetailObserver />
        <ChargerOverview charger={shown} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('ChargerOverview: Unlock and availability changes are confirmed first', () => {
  it('Unlock during a session says so; Cancel sends nothing, Unlock sends the command', async () => {
    const user = userEvent.setup();
    renderOverview();
    await user.click(screen.getByRole('button', { name: 'Unlock connector 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Unlock connector 1 of Bay 1?' });
    expect(dialog).toHaveTextContent('A session is running on it (DRIVER-1): unlocking can stop the charging.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(commands).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Unlock connector 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(commands).toEqual([{ path: '/web/chargers/c1/unlock', body: { connectorId: 1 } }]));
  });

  it('Set inoperative for the whole charger names the running session before it is sent', async () => {
    const user = userEvent.setup();
    renderOverview();
    await user.click(screen.getByRole('button', { name: 'Set inoperative' }));
    const dialog = screen.getByRole('dialog', { name: 'Set Bay 1 inoperative?' });
    expect(dialog).toHaveTextContent('A session is running (DRIVER-1)');
    expect(commands).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Set inoperative' }));
    await waitFor(() => expect(commands).toEqual([{ path: '/web/chargers/c1/availability', body: { connectorId: 0, type: 'Inoperative' } }]));
  });
});

describe('ChargerOverview: stopping a session', () => {
  it("the confirmation closes with the charger's answer, while the charger's page is still reloading", async () => {
    const user = userEvent.setup();
    renderOverview();
    await user.click(screen.getByRole('button', { name: 'Stop the session on connector 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Stop this session?' });
    expect(dialog).toHaveTextContent('Charging for DRIVER-1 on connector 1 stops now (transaction 7).');
    await user.click(within(dialog).getByRole('button', { name: 'Stop session' }));
    await waitFor(() => expect(commands).toEqual([{ path: '/web/chargers/c1/remote-stop', body: { transactionId: 7 } }]));
    await waitFor(() => expect(heldReloads.length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('ChargerOverview: the protocol', () => {
  const protocolOf = () => screen.getByText('Protocol', { selector: 'dt' }).nextElementSibling;

  it('shows the OCPP version of the latest connection', () => {
    renderOverview({ ...charger, ocppVersion: '2.0.1' });
    expect(protocolOf()).toHaveTextContent('OCPP 2.0.1');
  });

  it('says so while the charger never connected', () => {
    renderOverview({ ...charger, ocppVersion: null });
    expect(protocolOf()).toHaveTextContent('Not connected yet');
  });
});
