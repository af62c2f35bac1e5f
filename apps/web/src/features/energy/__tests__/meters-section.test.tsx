import type { UserType } from '@wattdesk/shared/roles';
import type { OkResponse } from '@wattdesk/shared/schemas/common';
import type { Meter, MeterSaved } from '@wattdesk/shared/schemas/utility';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { MetersSection } from '../components/meters-section.tsx';

const LOCATION = 'loc-1';
const main: Meter = {
  id: 'm1',
  locationId: LOCATION,
  meterNumber: '1009876543',
  utility: 'electric',
  unit: 'kWh',
  note: 'Room B1',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

/** The API over real HTTP: a list of meters that POST, PUT and DELETE change, and the calls it received. */
let server: Server;
let meters: Meter[] = [];
let calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bodyOf = (req: IncomingMessage) =>
  new Promise<Record<string, unknown>>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(JSON.parse(text || '{}') as Record<string, unknown>));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/web/meters' && req.method === 'GET') return send(res, 200, { items: meters } satisfies { items: Meter[] });
    void bodyOf(req).then((body) => {
      calls.push({ method: req.method!, path: url.pathname, body });
      const id = url.pathname.split('/')[3];
      if (req.method === 'POST') {
        const meter = { ...main, ...body, id: 'm2' };
        meters = [...meters, meter];
        return send(res, 201, { responseCode: 201, msg: ['meter added'], meter } satisfies MeterSaved);
      }
      if (req.method === 'PUT') {
        meters = meters.map((meter) => (meter.id === id ? { ...meter, ...body } : meter));
        return send(res, 200, { responseCode: 200, msg: ['meter updated'], meter: meters.find((meter) => meter.id === id)! } satisfies MeterSaved);
      }
      meters = meters.filter((meter) => meter.id !== id);
      return send(res, 200, { responseCode: 200, msg: ['meter removed'] } satisfies OkResponse);
    });
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
      firstName: 'Dana',
      lastName: 'Chen',
      email: 'dana@example.com',
      phoneNumber: null,
      access_token: 'a',
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MetersSection locationId={LOCATION} />
    </QueryClientProvider>,
  );
};

describe('Utility Info: Meters section', () => {
  beforeEach(() => {
    meters = [main];
    calls = [];
  });

  it('adds a meter through the dialog, with field messages first and the unit following the utility', async () => {
    const user = userEvent.setup();
    renderAs('Admin');
    expect(await screen.findByText('1009876543')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add meter' }));
    const dialog = screen.getByRole('dialog', { name: 'Add meter' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByText('Meter number Field is required')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'Meter number' }), 'G-77');
    await user.click(within(dialog).getByRole('combobox', { name: 'Utility' }));
    await user.click(screen.getByRole('option', { name: 'Gas' }));
    expect(within(dialog).getByRole('combobox', { name: 'Unit' })).toHaveTextContent('therm');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add meter' })).not.toBeInTheDocument());
    expect(calls).toEqual([
      { method: 'POST', path: '/web/meters', body: { locationId: LOCATION, meterNumber: 'G-77', utility: 'gas', unit: 'therm', note: '' } },
    ]);
    expect(await screen.findByText('G-77')).toBeInTheDocument();
  });

  it('changes a meter and removes one only after the confirmation', async () => {
    const user = userEvent.setup();
    renderAs('Admin');
    await user.click(await screen.findByRole('button', { name: 'Change meter 1009876543' }));
    const dialog = screen.getByRole('dialog', { name: 'Change meter' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Note' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'PUT',
      path: '/web/meters/m1',
      body: { meterNumber: '1009876543', utility: 'electric', unit: 'kWh', note: '' },
    });

    await user.click(await screen.findByRole('button', { name: 'Remove meter 1009876543' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove meter?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls).toHaveLength(1);
    // The closing dialog hides the page from assistive technology until it is gone.
    await user.click(await screen.findByRole('button', { name: 'Remove meter 1009876543' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove meter?' })).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No meter yet')).toBeInTheDocument();
    expect(calls[1]).toMatchObject({ method: 'DELETE', path: '/web/meters/m1' });
  });

  it('a read-only type sees the meters without actions', async () => {
    renderAs('ReadonlyAdmin');
    expect(await screen.findByText('1009876543')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add meter' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove meter/ })).not.toBeInTheDocument();
  });
});
