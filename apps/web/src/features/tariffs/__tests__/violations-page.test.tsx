import { failureMessages } from '@wattdesk/shared/messages';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { TariffOverview, Violation } from '@wattdesk/shared/schemas/tariffs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, refusal, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { ViolationsPage } from '../violations-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const tariff = {
  locationId: LOCATION,
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
  current: null,
  scheduled: [],
  history: [],
  defaultSessionFee: 0,
} satisfies TariffOverview;
const overstay = {
  id: 'v1',
  sessionId: 's1',
  transactionId: 4711,
  chargerId: 'c1',
  chargerName: 'Bay 42',
  idTag: '04A1B2C3',
  rule: 'max-stay',
  amount: 1500,
  currency: 'USD',
  status: 'open',
  detectedAt: '2026-11-22T16:00:00.000Z',
  limitMinutes: 240,
  actualMinutes: 300,
  reason: null,
  resolvedAt: null,
  resolvedBy: null,
} satisfies Violation;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

let api: TestApi;
const routes: ApiRoutes = ({ method, path, query }) => {
  if (path === '/tariffs') return ok(tariff);
  if (path === '/violations') return ok(paged(query.rule === 'idle-limit' ? [] : [overstay]));
  if (path === '/violations/v1/status' && method === 'POST')
    return ok({ responseCode: 200, msg: ['violation waived'], violation: { ...overstay, status: 'waived' } });
  return undefined;
};
const lastListQuery = () => api.callsTo('/violations').at(-1)?.query;

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls = [];
  api.routes = routes;
  useSelectedLocation.setState({ locationId: LOCATION });
});

// Limits, not measurements: the first render loads the data grid's modules, and the grid, its menus and the
// dialogs render slowly when the shared machine is busy.
describe('Violations', { timeout: 120_000 }, () => {
  it('lists the violations with rule and amount, sends the filters to the server; a read-only type cannot resolve or change rules', async () => {
    const user = userEvent.setup();
    renderAs('ReadonlyAdmin', <ViolationsPage />, [LOCATION]);
    const grid = await screen.findByRole('grid', { name: 'Violations' }, { timeout: 20_000 });
    expect(await within(grid).findByText('Maximum stay: 300 min')).toBeInTheDocument();
    expect(within(grid).getByText('$15.00')).toBeInTheDocument();
    expect(within(grid).getByText('Open')).toBeInTheDocument();
    expect(within(grid).getByText('04A1B2C3')).toBeInTheDocument();
    expect(within(grid).queryByRole('button', { name: /Waive violation/ })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Maximum stay' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save rules' })).not.toBeInTheDocument();
    expect(lastListQuery()).toEqual({ locationId: LOCATION, page: '1', pageSize: '25', sort: '-detectedAt' });

    await user.click(screen.getByRole('combobox', { name: 'Rule' }));
    await user.click(screen.getByRole('option', { name: 'Idle beyond the limit' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Open' }));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({ locationId: LOCATION, rule: 'idle-limit', status: 'open', page: '1', pageSize: '25', sort: '-detectedAt' }),
    );
    expect(await screen.findByText('No violation matches these filters')).toBeInTheDocument();
  });

  it('waives a violation only with a reason; Cancel sends nothing', async () => {
    const user = userEvent.setup();
    renderAs('Admin', <ViolationsPage />, [LOCATION]);
    const waive = await screen.findByRole('button', { name: 'Waive violation of session 4711' }, { timeout: 20_000 });
    await user.click(waive);
    let dialog = screen.getByRole('dialog', { name: 'Waive this violation?' });
    expect(dialog).toHaveTextContent('04A1B2C3 on Bay 42, session 4711: $15.00.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Waive violation of session 4711' }));
    dialog = screen.getByRole('dialog', { name: 'Waive this violation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    expect(within(dialog).getByText('Reason Field is required')).toBeInTheDocument();
    expect(api.changes()).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' Charger fault kept the car plugged in ');
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    expect(await screen.findByText('violation waived')).toBeInTheDocument();
    expect(api.changes().map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/violations/v1/status', body: { status: 'waived', reason: 'Charger fault kept the car plugged in' } },
    ]);
  });

  it('says why marking paid was refused', async () => {
    api.routes = (call) => (call.method === 'POST' ? refusal(409, 'This violation is already resolved') : routes(call));
    const user = userEvent.setup();
    renderAs('Admin', <ViolationsPage />, [LOCATION]);
    await user.click(await screen.findByRole('button', { name: 'Mark violation of session 4711 paid' }, { timeout: 20_000 }));
    const dialog = screen.getByRole('dialog', { name: 'Mark this violation paid?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
    expect(await screen.findByText(`${failureMessages.updateViolationInfo}: This violation is already resolved`)).toBeInTheDocument();
    expect(api.changes()).toMatchObject([{ method: 'POST', path: '/violations/v1/status', body: { status: 'paid' } }]);
  });
});
