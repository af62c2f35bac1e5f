import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { formatDateTime } from '@wattdesk/shared/format';
import type { RoamingPartner, RoamingPush } from '@wattdesk/shared/schemas/roaming';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowForBusyMachine, type ApiRoutes, ok, refusal, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { RoamingPage } from '../roaming-page.tsx';

const P1 = '0b6b3a52-7d0e-4d8f-9a51-7a0d3f1c2e11';
const emsp: RoamingPartner = {
  id: P1,
  name: 'ChargeApp',
  status: 'CONNECTED',
  countryCode: 'NL',
  partyId: 'ABC',
  version: '2.2.1',
  versionsUrl: 'https://emsp.example.com/ocpi/versions',
  modules: [
    { identifier: 'tokens', role: 'SENDER' },
    { identifier: 'locations', role: 'RECEIVER' },
    { identifier: 'credentials', role: 'RECEIVER' },
    { identifier: 'credentials', role: 'SENDER' },
  ],
  lastExchangeAt: '2026-12-07T05:30:00Z',
  lastFailureAt: '2026-12-07T05:10:00Z',
  lastFailure: 'HTTP 503 from https://emsp.example.com/ocpi/2.2.1/locations',
  pendingPushes: 3,
  failingPushes: 1,
  createdAt: '2026-12-01T09:00:00Z',
};
const failing: RoamingPush = {
  id: 7,
  module: 'locations',
  objectKey: 'US/WDK/loc-1',
  method: 'PUT',
  attempts: 4,
  nextAttemptAt: '2026-12-07T05:40:00Z',
  lastError: 'HTTP 503 Service Unavailable',
  createdAt: '2026-12-07T05:00:00Z',
  deliveredAt: null,
};
const paged = <T,>(items: T[], total = items.length): Paged<T> => ({ items, total, page: 1, pageSize: 10 });

let api: TestApi;
const routes: ApiRoutes = ({ method, path, query }) => {
  if (path === '/roaming/partners' && method === 'GET') return ok({ partners: [emsp] });
  if (path === `/roaming/partners/${P1}/pushes`) return ok(query.state === 'delivered' ? paged([]) : paged([failing], 12));
  if (path === `/roaming/partners/${P1}/suspend`) return ok({ partner: { ...emsp, status: 'SUSPENDED' } });
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls = [];
  api.routes = routes;
});

describe('Roaming', { timeout: 120_000 }, () => {
  it('lists partners with party, status in words, modules, times in the viewer’s zone and pushes; read-only sees no actions', async () => {
    renderAs('ReadonlySuperAdmin', <RoamingPage />);
    expect(screen.getByRole('progressbar', { name: 'Loading roaming partners' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Roaming partners' });
    const row = within(table).getByRole('row', { name: /ChargeApp/ });
    expect(within(row).getByText('NL/ABC')).toBeInTheDocument();
    expect(within(row).getByText('Connected')).toBeInTheDocument();
    expect(within(row).getByText('credentials, locations, tokens')).toBeInTheDocument();
    expect(within(row).getByText(formatDateTime('2026-12-07T05:30:00Z'))).toBeInTheDocument();
    expect(within(row).getByText(/HTTP 503 from https:\/\/emsp/)).toBeInTheDocument();
    expect(within(row).getByText('3 pending, 1 failing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite partner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect to partner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for ChargeApp' })).not.toBeInTheDocument();
  });

  it('says what to do when there are no partners yet', async () => {
    api.routes = (call) => (call.path === '/roaming/partners' ? ok({ partners: [] }) : routes(call));
    renderAs('SuperAdmin', <RoamingPage />);
    expect(await screen.findByText('No roaming partners yet')).toBeInTheDocument();
    expect(screen.getByText(/Invite an e-mobility provider to get a registration token/)).toBeInTheDocument();
  });

  it('invites a partner and shows its registration token once, with our versions URL', async () => {
    api.routes = (call) =>
      call.path === '/roaming/partners' && call.method === 'POST'
        ? ok({
            partner: { ...emsp, id: 'p2', name: 'Volt Roam', status: 'PENDING', countryCode: null, partyId: null, modules: [] },
            registrationToken: 'tokA-9f8e7d6c',
            versionsUrl: 'https://wattdesk.example.com/ocpi/versions',
          })
        : routes(call);
    const user = userEvent.setup();
    renderAs('SuperAdmin', <RoamingPage />);
    await user.click(await screen.findByRole('button', { name: 'Invite partner' }));
    let dialog = screen.getByRole('dialog', { name: 'Invite partner' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Partner name Field is required')).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Partner name' }), 'Volt Roam');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    dialog = await screen.findByRole('dialog', { name: 'Volt Roam invited' });
    expect(within(dialog).getByRole('textbox', { name: 'Registration token' })).toHaveValue('tokA-9f8e7d6c');
    expect(within(dialog).getByRole('textbox', { name: 'Versions URL' })).toHaveValue('https://wattdesk.example.com/ocpi/versions');
    expect(within(dialog).getByText(/shown only this once/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy registration token' })).toBeInTheDocument();
    expect(api.changes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/roaming/partners', body: { name: 'Volt Roam' } },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Invite partner' }));
    expect(within(screen.getByRole('dialog', { name: 'Invite partner' })).getByRole('textbox', { name: 'Partner name' })).toHaveValue('');
    expect(screen.queryByDisplayValue('tokA-9f8e7d6c')).not.toBeInTheDocument();
  });

  it('connects to a partner and shows the server’s refusal in the dialog, once', async () => {
    const message = 'The partner at https://emsp.example.com/ocpi/versions refused the token (HTTP 401)';
    api.routes = (call) => (call.path === '/roaming/partners/connect' ? refusal(422, message, 'OCPI_PARTNER_REFUSED') : routes(call));
    const user = userEvent.setup();
    renderAs('SuperAdmin', <RoamingPage />);
    await user.click(await screen.findByRole('button', { name: 'Connect to partner' }));
    const dialog = screen.getByRole('dialog', { name: 'Connect to partner' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Partner name' }), 'ChargeApp');
    await user.type(within(dialog).getByRole('textbox', { name: 'Versions URL' }), 'https://emsp.example.com/ocpi/versions');
    await user.type(within(dialog).getByRole('textbox', { name: 'Token' }), 'their-token-b');
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(1);
    expect(api.changes().map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: '/roaming/partners/connect',
        body: { name: 'ChargeApp', versionsUrl: 'https://emsp.example.com/ocpi/versions', token: 'their-token-b' },
      },
    ]);
  });

  it('suspends a partner only after the confirmation says what happens; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <RoamingPage />);
    await user.click(await screen.findByRole('button', { name: 'Actions for ChargeApp' }));
    await user.click(screen.getByRole('menuitem', { name: 'Suspend' }));
    const confirm = screen.getByRole('dialog', { name: 'Suspend partner?' });
    expect(confirm).toHaveTextContent("ChargeApp's requests will be refused and we send it no updates until you resume it");
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Actions for ChargeApp' }));
    await user.click(screen.getByRole('menuitem', { name: 'Suspend' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Suspend partner?' })).getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('ChargeApp suspended')).toBeInTheDocument();
    expect(api.changes().map(({ method, path }) => `${method} ${path}`)).toEqual([`POST /roaming/partners/${P1}/suspend`]);
  });

  it('offers only Remove for a partner that never registered, and deletes it after the confirmation', async () => {
    const invited = { ...emsp, status: 'PENDING' as const, countryCode: null, partyId: null, modules: [], pendingPushes: 0, failingPushes: 0 };
    api.routes = (call) => {
      if (call.path === '/roaming/partners') return ok({ partners: [invited] });
      return call.method === 'DELETE' && call.path === `/roaming/partners/${P1}` ? ok({}) : routes(call);
    };
    const user = userEvent.setup();
    renderAs('SuperAdmin', <RoamingPage />);
    expect(await screen.findByText('Waiting for registration')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for ChargeApp' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Remove']);
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    const confirm = screen.getByRole('dialog', { name: 'Remove partner?' });
    expect(confirm).toHaveTextContent('We tell ChargeApp to forget our credentials');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('ChargeApp removed')).toBeInTheDocument();
    expect(api.changes().map(({ method, path }) => `${method} ${path}`)).toEqual([`DELETE /roaming/partners/${P1}`]);
  });

  it('opens a partner: its modules, and its pushes filtered and paged by the server', async () => {
    const user = userEvent.setup();
    renderAs('ReadonlySuperAdmin', <RoamingPage />);
    await user.click(await screen.findByRole('button', { name: 'ChargeApp' }));
    const drawer = screen.getByRole('dialog', { name: 'ChargeApp' });
    expect(within(drawer).getByText('locations (receiver)')).toBeInTheDocument();
    expect(within(drawer).getByText('tokens (sender)')).toBeInTheDocument();
    const pushes = await within(drawer).findByRole('table', { name: 'Pushes' });
    expect(within(pushes).getByText('US/WDK/loc-1')).toBeInTheDocument();
    expect(within(pushes).getByText('HTTP 503 Service Unavailable')).toBeInTheDocument();
    const pushQuery = () => api.callsTo(`/roaming/partners/${P1}/pushes`).at(-1)?.query;
    expect(pushQuery()).toEqual({ page: '1', pageSize: '10' });

    await user.click(within(drawer).getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(pushQuery()).toEqual({ page: '2', pageSize: '10' }));
    await user.click(within(drawer).getByRole('button', { name: 'failing' }));
    await waitFor(() => expect(pushQuery()).toEqual({ state: 'failing', page: '1', pageSize: '10' }));
    await user.click(within(drawer).getByRole('button', { name: 'delivered' }));
    expect(await within(drawer).findByText('No delivered pushes')).toBeInTheDocument();
    expect(pushQuery()).toEqual({ state: 'delivered', page: '1', pageSize: '10' });
  });
});
