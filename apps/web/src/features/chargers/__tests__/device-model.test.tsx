import type { DeviceModelPage, DeviceVariable } from '@wattdesk/shared/schemas/device-model';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { DeviceModel } from '../components/device-model.tsx';

const row = (component: string, variable: string, value: string, mutability: DeviceVariable['mutability']): DeviceVariable => ({
  component,
  componentInstance: null,
  evseId: null,
  connectorId: null,
  variable,
  variableInstance: null,
  attributeType: 'Actual',
  value,
  mutability,
  dataType: 'string',
  unit: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
});
const rows = [row('ChargingStation', 'SerialNumber', 'SN-1', 'ReadOnly'), row('OCPPCommCtrlr', 'HeartbeatInterval', '300', 'ReadWrite')];

let server: Server;
let empty = false;
let queries: string[] = [];
let puts: unknown[] = [];
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
    if (req.method === 'GET' && url.pathname === '/web/chargers/c1/device-model') {
      queries.push(url.search);
      const component = url.searchParams.get('component');
      const items = empty ? [] : rows.filter((item) => !component || item.component === component);
      const page: DeviceModelPage = {
        items,
        total: items.length,
        page: 1,
        pageSize: 25,
        components: empty ? [] : ['ChargingStation', 'OCPPCommCtrlr'],
        report: empty ? null : { requestId: 1, complete: true, generatedAt: '2026-03-01T10:00:00.000Z' },
      };
      return send(res, 200, page);
    }
    if (req.method === 'PUT' && url.pathname === '/web/chargers/c1/device-model/variable')
      return void bodyOf(req).then((body) => {
        puts.push(body);
        send(res, 200, { responseCode: 200, msg: ['OCPPCommCtrlr.HeartbeatInterval is now "120"'], status: 'Accepted' });
      });
    return send(res, 404, { responseCode: 404, msg: ['Not found'] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  empty = false;
  queries = [];
  puts = [];
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
afterEach(() => useSession.setState({ user: null }));

const renderModel = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <DeviceModel chargerId="c1" />
    </QueryClientProvider>,
  );

describe('DeviceModel: a 2.0.1 charger’s variables', () => {
  it('says so before the charger has reported', async () => {
    empty = true;
    renderModel();
    expect(await screen.findByText('The charger has not reported its device model yet. It does after its next boot.')).toBeInTheDocument();
  });

  it('lists variables, offers Edit only where writable, and sends a new value only after confirmation', async () => {
    const user = userEvent.setup();
    renderModel();
    expect(await screen.findByText('SN-1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ChargingStation SerialNumber' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit OCPPCommCtrlr HeartbeatInterval' }));
    const field = within(screen.getByRole('dialog')).getByLabelText('New value');
    await user.clear(field);
    await user.type(field, '120');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: "Change the charger's setting?" });
    expect(confirm).toHaveTextContent('OCPPCommCtrlr.HeartbeatInterval changes from "300" to "120" at the charger.');
    expect(puts).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Send to charger' }));
    await waitFor(() => expect(puts).toEqual([{ component: 'OCPPCommCtrlr', variable: 'HeartbeatInterval', value: '120' }]));
  });

  it('filters by component on the server', async () => {
    const user = userEvent.setup();
    renderModel();
    await screen.findByText('SN-1');
    await user.click(screen.getByRole('combobox', { name: 'Component' }));
    await user.click(await screen.findByRole('option', { name: 'OCPPCommCtrlr' }));
    await waitFor(() => expect(screen.queryByText('SN-1')).not.toBeInTheDocument());
    expect(queries.at(-1)).toContain('component=OCPPCommCtrlr');
  });
});
