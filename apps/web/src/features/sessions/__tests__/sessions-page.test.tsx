import type { ChargingSession } from '@wattdesk/shared/schemas/charging';
import type { Paged } from '@wattdesk/shared/schemas/common';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { allowForBusyMachine, type ApiRoutes, ok, refusal, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { SessionsPage } from '../sessions-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const finished = {
  id: 's1',
  transactionId: 4711,
  chargerId: 'c1',
  chargerCode: 'WD-0042',
  chargerName: 'Bay 42',
  locationId: LOCATION,
  connectorId: 1,
  idTag: '04A1B2C3',
  driverName: 'Rosa Diaz',
  startedAt: '2026-11-22T16:00:00.000Z',
  stoppedAt: '2026-11-22T17:30:00.000Z',
  energyKwh: 1234.5,
  powerKw: null,
  stopReason: 'EVDisconnected',
  status: 'completed',
  cost: { currency: 'USD', total: 123456, final: true },
} satisfies ChargingSession;

const paged = <T,>(items: T[]): Paged<T> => ({ items, total: items.length, page: 1, pageSize: 25 });

let api: TestApi;
let sessions: ChargingSession[] = [];
const routes: ApiRoutes = ({ path }) => {
  if (path === '/sessions') return ok(paged(sessions));
  if (path === '/locations/location-by-id') return ok({ id: LOCATION, name: 'Diridon Station', timeZone: 'America/Los_Angeles' });
  if (path === '/chargers') return ok({ items: [{ id: 'c1', name: 'Bay 42', chargerId: 'WD-0042' }], total: 1, page: 1, pageSize: 200 });
  // Anything else, the live feed included, is not there: the feed stops on a 404.
  return undefined;
};
const lastListQuery = () => api.callsTo('/sessions').at(-1)?.query;

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  sessions = [finished];
  api.calls = [];
  api.routes = routes;
  useSelectedLocation.setState({ locationId: LOCATION });
});

// Limits, not measurements: the first render loads the data grid's modules, and the grid and its menus render
// slowly when the shared machine is busy.
describe('Charging Sessions', { timeout: 120_000 }, () => {
  it('opens with the dashboard link’s range and filters, sent to the server, and shows the sessions in the location’s zone', async () => {
    renderAs('ReadonlyAdmin', <SessionsPage />, [LOCATION], '/dashboard/sessions?from=2026-11-01&to=2026-11-30&connectorType=CCS1&status=completed');
    const grid = screen.getByRole('grid', { name: 'Charging sessions' });
    expect(await within(grid).findByText('Bay 42', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Session 4711 on Bay 42' })).toBeInTheDocument();
    expect(within(grid).getByText('Rosa Diaz')).toBeInTheDocument();
    // The start reads as its day over its time, in the location's zone with its label.
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('gridcell')
          .some((cell) => cell.textContent?.startsWith('Nov 22, 202608:00 PST')),
      ).toBe(true),
    );
    expect(within(grid).getByText('1,234.50 kWh')).toBeInTheDocument();
    expect(within(grid).getByText('$1,234.56')).toBeInTheDocument();
    expect(within(grid).getByText('EVDisconnected')).toBeInTheDocument();
    expect(lastListQuery()).toEqual({
      locationId: LOCATION,
      from: '2026-11-01',
      to: '2026-11-30',
      connectorType: 'CCS1',
      status: 'completed',
      page: '1',
      pageSize: '25',
      sort: '-startedAt',
    });
    expect(screen.getByRole('combobox', { name: 'Connector type' })).toHaveTextContent('CCS1');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('sends a changed filter to the server and says when nothing matches', async () => {
    sessions = [];
    const user = userEvent.setup();
    renderAs('Admin', <SessionsPage />, [LOCATION]);
    expect(await screen.findByText('No charging session here yet', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Driver id tag' }));
    await user.paste(' 04a1 ');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Active' }));
    await waitFor(() =>
      expect(lastListQuery()).toEqual({ locationId: LOCATION, driver: '04a1', status: 'active', page: '1', pageSize: '25', sort: '-startedAt' }),
    );
    expect(await screen.findByText('No session matches these filters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('says why the sessions could not be loaded, and Retry asks again', async () => {
    api.routes = (call) => (call.path === '/sessions' ? refusal(400, 'From must be before To', 'VALIDATION_FAILED') : routes(call));
    const user = userEvent.setup();
    renderAs('Admin', <SessionsPage />, [LOCATION], '/dashboard/sessions?from=2026-11-30&to=2026-11-01');
    expect(await screen.findByText('The sessions could not be loaded. From must be before To', {}, { timeout: 20_000 })).toBeInTheDocument();
    const asked = api.callsTo('/sessions').length;
    api.routes = routes;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument());
    expect(api.callsTo('/sessions')).toHaveLength(asked + 1);
    expect(await screen.findByText('Bay 42')).toBeInTheDocument();
  });
});
