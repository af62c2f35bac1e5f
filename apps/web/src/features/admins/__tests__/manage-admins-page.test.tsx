import { LOCATIONS_REQUIRED_MESSAGE, type AdminListItem } from '@wattdesk/shared/schemas/admins';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowForBusyMachine, type ApiRoutes, ok, refusal, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { ManageAdminsPage } from '../manage-admins-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const maya = {
  id: 'a1',
  email: 'maya@example.com',
  firstName: 'Maya',
  lastName: 'Ito',
  userType: 'Admin',
  status: 'ACTIVE',
  locations: [{ id: LOCATION, name: 'Diridon Station' }],
  hiddenLocationCount: 2,
  createdAt: '2026-03-01T12:00:00.000Z',
  lastSignInAt: null,
  canManage: true,
} satisfies AdminListItem;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });
const diridon = { id: LOCATION, name: 'Diridon Station', city: 'San Jose' } as LocationListItem;

let api: TestApi;
const routes: ApiRoutes = ({ method, path, query }) => {
  if (path === '/admins' && method === 'GET') return ok(paged(query.userType === 'PortfolioManager' ? [] : [maya]));
  if (path === '/locations') return ok(paged([diridon]));
  if (path === '/admins/a1/deactivate') return ok({ ...maya, status: 'INACTIVE' });
  return undefined;
};
const lastListQuery = () => api.callsTo('/admins').at(-1)?.query;

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls = [];
  api.routes = routes;
});

// Limits, not measurements: the first render loads the data grid's modules, and the grid, its menus and the
// dialogs render slowly when the shared machine is busy.
describe('Manage Admins', { timeout: 120_000 }, () => {
  it('lists administrators with type and reach, sends the filters to the server; a read-only type gets no actions', async () => {
    const user = userEvent.setup();
    renderAs('ReadonlySuperAdmin', <ManageAdminsPage />);
    const grid = screen.getByRole('grid', { name: 'Administrators' });
    expect(await within(grid).findByText('Maya Ito', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(grid).getByText('Administrator')).toBeInTheDocument();
    expect(within(grid).getByText('Diridon Station')).toBeInTheDocument();
    expect(within(grid).getByText('+2 other')).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: 'more' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite administrator' })).not.toBeInTheDocument();
    expect(lastListQuery()).toEqual({ page: '1', pageSize: '25', sort: 'name' });

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Portfolio manager' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'PENDING' }));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({ userType: 'PortfolioManager', status: 'PENDING', page: '1', pageSize: '25', sort: 'name' }),
    );
    expect(await screen.findByText('No administrators match these filters')).toBeInTheDocument();
  });

  it('invites: the schema’s messages first, locations for a type that needs them, then the server’s refusal on the e-mail', async () => {
    api.routes = (call) =>
      call.path === '/admins/invite' ? refusal(409, 'An account with this e-mail already exists', 'EMAIL_TAKEN') : routes(call);
    const user = userEvent.setup();
    renderAs('SuperAdmin', <ManageAdminsPage />);
    await user.click(await screen.findByRole('button', { name: 'Invite administrator' }, { timeout: 20_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Invite administrator' });
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('Email Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('First name Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name Field is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose an administrator type')).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), 'Maya@Example.com');
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Maya');
    await user.type(within(dialog).getByRole('textbox', { name: 'Last name' }), 'Ito');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Administrator' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(LOCATIONS_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.click(within(dialog).getByRole('combobox', { name: 'Locations' }));
    await user.click(await screen.findByRole('option', { name: 'Diridon Station (San Jose)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('An account with this e-mail already exists')).toBeInTheDocument();
    expect(api.changes().map(({ path, body }) => ({ path, body }))).toEqual([
      { path: '/admins/invite', body: { email: 'maya@example.com', firstName: 'Maya', lastName: 'Ito', userType: 'Admin', locationIds: [LOCATION] } },
    ]);
  });

  it('deactivates an administrator only after the confirmation; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <ManageAdminsPage />);
    const grid = screen.getByRole('grid', { name: 'Administrators' });
    await within(grid).findByText('Maya Ito', {}, { timeout: 20_000 });
    await user.click(within(grid).getByRole('button', { name: 'more' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    const confirm = screen.getByRole('dialog', { name: 'Deactivate administrator?' });
    expect(confirm).toHaveTextContent('Maya Ito (maya@example.com) will be signed out everywhere');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user.click(within(grid).getByRole('button', { name: 'more' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deactivate' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Deactivate administrator?' })).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Maya Ito deactivated')).toBeInTheDocument();
    expect(api.changes().map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /admins/a1/deactivate']);
  });
});
