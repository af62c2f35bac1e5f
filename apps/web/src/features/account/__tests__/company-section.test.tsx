import type { ErrorResponse } from '@wattdesk/shared/schemas/common';
import type { UserType } from '@wattdesk/shared/roles';
import type { Company, CompanyResponse, CompanySaved } from '@wattdesk/shared/schemas/company';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useSession } from '../../../lib/session-store.ts';
import { CompanySection } from '../components/company-section.tsx';

const LOCATION = 'loc-1';
const stored: Company = {
  id: 'co-1',
  locationId: LOCATION,
  name: 'Embarcadero Properties LLC',
  addressLine1: '4 Embarcadero Center',
  addressLine2: 'Suite 1400',
  city: 'San Francisco',
  state: 'CA',
  zipCode: '94111',
  taxId: '94-3175521',
  email: 'facilities@example.com',
  phone: '+1 415 555 0142',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

/** The API over real HTTP: GET answers the stored company, PUT keeps what it was sent. */
let server: Server;
let company: Company | null = stored;
let saves: Record<string, unknown>[] = [];
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bodyOf = (req: IncomingMessage) =>
  new Promise<Record<string, string>>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(JSON.parse(text || '{}') as Record<string, string>));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/web/company' && req.method === 'GET' && url.searchParams.get('locationId') === LOCATION)
      return send(res, 200, { company } satisfies CompanyResponse);
    if (url.pathname === '/web/company' && req.method === 'PUT') {
      void bodyOf(req).then((body) => {
        saves.push(body);
        const { locationId, ...fields } = body;
        company = { ...stored, ...fields, locationId: locationId! };
        send(res, 200, { responseCode: 200, msg: ['company information updated'], company } satisfies CompanySaved);
      });
      return;
    }
    return send(res, 404, { responseCode: 404, msg: ['Resource was not found'] } satisfies ErrorResponse);
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
      <CompanySection />
    </QueryClientProvider>,
  );
};

describe('Account Setting: Company section', () => {
  beforeEach(() => {
    company = stored;
    saves = [];
    useSelectedLocation.setState({ locationId: LOCATION });
  });

  it('shows the location’s company and saves a change', async () => {
    const user = userEvent.setup();
    renderAs('Admin');
    const section = screen.getByRole('region', { name: 'Company' });
    const email = await within(section).findByRole('textbox', { name: 'Contact email' });
    expect(within(section).getByRole('textbox', { name: 'Company name' })).toHaveValue('Embarcadero Properties LLC');
    await user.clear(email);
    await user.type(email, 'billing@example.com');
    await user.click(within(section).getByRole('button', { name: 'Save company' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      locationId: LOCATION,
      name: stored.name,
      addressLine1: stored.addressLine1,
      addressLine2: stored.addressLine2,
      city: stored.city,
      state: stored.state,
      zipCode: stored.zipCode,
      taxId: stored.taxId,
      email: 'billing@example.com',
      phone: stored.phone,
    });
  });

  it('puts each field’s message on its field and sends nothing while a field is wrong', async () => {
    const user = userEvent.setup();
    company = null;
    renderAs('PortfolioManager');
    const section = screen.getByRole('region', { name: 'Company' });
    await user.type(await within(section).findByRole('textbox', { name: 'Contact email' }), 'not-an-email');
    await user.type(within(section).getByRole('textbox', { name: 'City' }), 'S4n Francisco');
    await user.click(within(section).getByRole('button', { name: 'Save company' }));
    expect(await within(section).findByText('Company name Field is required')).toBeInTheDocument();
    expect(within(section).getByText('Please enter a valid email-id')).toBeInTheDocument();
    expect(within(section).getByText('City Should be alphabetic only')).toBeInTheDocument();
    expect(within(section).getByText('Tax id Field is required')).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('a read-only type sees the company without a way to change it', async () => {
    renderAs('ReadonlyAdmin');
    const section = screen.getByRole('region', { name: 'Company' });
    expect(await within(section).findByRole('textbox', { name: 'Company name' })).toBeDisabled();
    expect(within(section).queryByRole('button', { name: 'Save company' })).not.toBeInTheDocument();
  });

  it('is hidden from types without Company_View', () => {
    renderAs('Reseller');
    expect(screen.queryByRole('region', { name: 'Company' })).not.toBeInTheDocument();
  });
});
