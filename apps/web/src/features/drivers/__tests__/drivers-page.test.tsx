import { SUB_USER_NEEDS_MAIN, type Driver, type DriverAccessSettings } from '@wattdesk/shared/schemas/drivers';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, refusal, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { DriversPage } from '../drivers-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const KIM_ID = '0b7e2c1a-93d4-4e5f-8a6b-1c2d3e4f5a6b';
const noRestrictions = {
  locationIds: [],
  chargerIds: [],
  days: 'all-days',
  hourFrom: null,
  hourTo: null,
  maxKwhPerSession: null,
  maxSessionsPerDay: null,
  expiresOn: null,
} satisfies Driver['restrictions'];
const rosa = {
  id: 'd1',
  locationId: LOCATION,
  email: 'rosa@example.com',
  firstName: 'Rosa',
  lastName: 'Diaz',
  phoneNumber: '+1 408 555 0100',
  status: 'ACTIVE',
  role: 'sub-user',
  mainDriver: { id: KIM_ID, name: 'Kim Lee' },
  subUserCount: 0,
  idTags: [
    { id: 't1', tag: '04A1B2C3', kind: 'rfid' },
    { id: 't2', tag: 'APP-77', kind: 'app' },
  ],
  sessionCount: 1204,
  energyKwh: 1234.5,
  costs: [{ currency: 'USD', amountMinor: 1234 }],
  account: null,
  lastSessionAt: '2026-11-20T08:00:00.000Z',
  createdAt: '2026-01-05T08:00:00.000Z',
  restrictions: noRestrictions,
} satisfies Driver;
const kim = {
  ...rosa,
  id: KIM_ID,
  email: 'kim@example.com',
  firstName: 'Kim',
  lastName: 'Lee',
  role: 'user',
  mainDriver: null,
  idTags: [],
} satisfies Driver;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

let api: TestApi;
let drivers: Driver[] = [];
const routes: ApiRoutes = ({ method, path, query }) => {
  if (path === '/drivers' && method === 'GET') return ok(paged(query.role === 'user' ? [kim] : drivers));
  if (path === '/drivers/access-settings') return ok({ locationId: LOCATION, acceptUnknownTags: false } satisfies DriverAccessSettings);
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station' });
  if (path === '/drivers/d1' && method === 'DELETE') return ok({ responseCode: 200, msg: ['driver deleted'] });
  return undefined;
};
const driverLists = () => api.callsTo('/drivers').filter((call) => call.query.role !== 'user');

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  drivers = [rosa];
  api.calls = [];
  api.routes = routes;
  useSelectedLocation.setState({ locationId: LOCATION });
});

// Limits, not measurements: the first render loads the data grid's modules, and the grid, its menus and the
// dialogs render slowly when the shared machine is busy.
describe('Drivers', { timeout: 120_000 }, () => {
  it('shows the location’s drivers with formatted figures; a read-only type may only open and deactivate', async () => {
    const user = userEvent.setup();
    renderAs('ReadonlyAdmin', <DriversPage />, [LOCATION]);
    const grid = screen.getByRole('grid', { name: 'Drivers' });
    expect(await within(grid).findByText('Rosa Diaz', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(grid).getByText('sub-user of Kim Lee')).toBeInTheDocument();
    expect(within(grid).getByText('APP-77 (app)')).toBeInTheDocument();
    expect(within(grid).getByText('1,204')).toBeInTheDocument();
    expect(within(grid).getByText('1,234.50 kWh')).toBeInTheDocument();
    expect(within(grid).getByText('$12.34')).toBeInTheDocument();
    expect(driverLists().at(-1)?.query).toEqual({ locationId: LOCATION, page: '1', pageSize: '25', sort: 'name' });

    for (const name of ['Register driver', 'Import CSV', 'Export CSV']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    // The switch is named by its tooltip, which says what it does.
    expect(await screen.findByRole('switch', { name: /start sessions for ID tags no driver has/ })).toBeDisabled();
    await user.click(within(grid).getByRole('button', { name: 'more' }));
    const actions = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(actions).toEqual(['Details, sessions and restrictions', 'Deactivate']);
  });

  it('sends the search and filters to the server and says when nothing matches', async () => {
    drivers = [];
    const user = userEvent.setup();
    renderAs('Admin', <DriversPage />, [LOCATION]);
    expect(await screen.findByText('No driver at this location yet')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Search name, email, phone or ID tag' }));
    await user.paste(' rosa ');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'INACTIVE' }));
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'sub-user' }));
    await waitFor(() =>
      expect(driverLists().at(-1)?.query).toEqual({
        locationId: LOCATION,
        search: 'rosa',
        status: 'INACTIVE',
        role: 'sub-user',
        page: '1',
        pageSize: '25',
        sort: 'name',
      }),
    );
    expect(await screen.findByText('No driver matches these filters')).toBeInTheDocument();
  });

  it('registers a driver: the schema’s messages first, then the server’s refusal on its field', async () => {
    api.routes = (call) =>
      call.path === '/drivers/register-user' ? refusal(409, 'An account with this e-mail already exists', 'EMAIL_TAKEN') : routes(call);
    const user = userEvent.setup();
    renderAs('Admin', <DriversPage />, [LOCATION]);
    await user.click(await screen.findByRole('button', { name: 'Register driver' }));
    const dialog = screen.getByRole('dialog', { name: 'Register driver' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(screen.getByRole('option', { name: 'sub-user' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add ID tag' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Email Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('First name Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('ID tag Field is required')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'rosa@example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Rosa');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Diaz');
    await user.type(within(dialog).getByRole('textbox', { name: 'ID tag 1' }), 'ab-12');
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    // The account rule is checked once the fields themselves are right.
    expect(await within(dialog).findByText(SUB_USER_NEEDS_MAIN)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);
    await user.click(within(dialog).getByRole('combobox', { name: 'Main user' }));
    await user.click(await screen.findByRole('option', { name: 'Kim Lee (kim@example.com)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('An account with this e-mail already exists')).toBeInTheDocument();
    expect(api.changes()).toEqual([
      {
        method: 'POST',
        path: '/drivers/register-user',
        query: {},
        body: {
          locationId: LOCATION,
          email: 'rosa@example.com',
          firstName: 'Rosa',
          lastName: 'Diaz',
          phoneNumber: '',
          role: 'sub-user',
          mainDriverId: KIM_ID,
          idTags: [{ tag: 'AB-12', kind: 'rfid' }],
        },
      },
    ]);
  });

  it('deletes a driver only after the confirmation; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <DriversPage />, [LOCATION]);
    const grid = screen.getByRole('grid', { name: 'Drivers' });
    await within(grid).findByText('Rosa Diaz');
    await user.click(within(grid).getByRole('button', { name: 'more' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete driver?' });
    expect(confirm).toHaveTextContent('Rosa Diaz and their ID tags are removed.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete driver?' })).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user.click(within(grid).getByRole('button', { name: 'more' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete driver?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Rosa Diaz deleted')).toBeInTheDocument();
    expect(api.changes().map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /drivers/d1']);
  });
});
