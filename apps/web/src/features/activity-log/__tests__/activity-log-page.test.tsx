import type { ActivityLogItem } from '@wattdesk/shared/schemas/activity-logs';
import type { Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem } from '@wattdesk/shared/schemas/locations';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  allowDownloads,
  allowForBusyMachine,
  type ApiRoutes,
  ok,
  refusal,
  renderAs,
  startTestApi,
  type TestApi,
} from '../../../testing/test-api.tsx';
import { ActivityLogPage } from '../activity-log-page.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const activation = {
  id: 'a1',
  createdAt: '2026-11-22T10:00:05.000Z',
  actorUserId: 'u9',
  actorEmail: 'lee@example.com',
  actorName: 'Lee Park',
  actorType: 'Admin',
  action: 'driver.activate',
  entity: 'user',
  entityId: 'd1',
  entityName: 'Rosa Diaz',
  locationId: LOCATION,
  locationName: 'Diridon Station',
  locationTimeZone: 'America/Los_Angeles',
  changes: { status: { before: 'INACTIVE', after: 'ACTIVE' } },
  ipAddress: '203.0.113.7',
} satisfies ActivityLogItem;

const paged = <T,>(items: T[], total = items.length, page = 1): Paged<T> => ({ items, total, page, pageSize: 25 });
const diridon = { id: LOCATION, name: 'Diridon Station', city: 'San Jose' } as LocationListItem;

let api: TestApi;
let rows: ActivityLogItem[] = [];
const routes: ApiRoutes = ({ path, query }) => {
  if (path === '/activity-logs') return ok(paged(rows, rows.length ? 60 : 0, Number(query.page)));
  if (path === '/activity-logs/export')
    return { status: 200, file: 'Time,Actor\r\n', contentType: 'text/csv', fileName: 'activity-log-2026-11-22.csv' };
  if (path === '/locations') return ok(paged([diridon]));
  return undefined;
};
const lastListQuery = () => api.callsTo('/activity-logs').at(-1)?.query;

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
  allowDownloads();
});
afterAll(() => api.close());
beforeEach(() => {
  rows = [activation];
  api.calls = [];
  api.routes = routes;
});

// Limits, not measurements: the first render loads the data grid's modules, and the grid and its menus render
// slowly when the shared machine is busy.
describe('Activity Log', { timeout: 120_000 }, () => {
  it('shows who changed what, in the location’s time zone, and pages on the server; no export without Activity_Logs_Export', async () => {
    const user = userEvent.setup();
    renderAs('ReadonlyAdmin', <ActivityLogPage />, [LOCATION]);
    expect(screen.getByText('Who changed what, and when, at your locations, and on your own account.')).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Activity' });
    expect(await within(grid).findByText('Lee Park', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(grid).getByText('lee@example.com · Admin')).toBeInTheDocument();
    expect(within(grid).getByText('Nov 22, 2026, 02:00:05 PST')).toBeInTheDocument();
    expect(within(grid).getByText('Rosa Diaz')).toBeInTheDocument();
    expect(within(grid).getByText('Diridon Station')).toBeInTheDocument();
    expect(within(grid).getByText(/INACTIVE → ACTIVE/)).toBeInTheDocument();
    expect(lastListQuery()).toEqual({ page: '1', pageSize: '25', sort: '-createdAt' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ page: '2', pageSize: '25', sort: '-createdAt' }));
  });

  it('sends the filters to the server, says when nothing matches, and exports the same filters', async () => {
    rows = [];
    const user = userEvent.setup();
    renderAs('PortfolioManager', <ActivityLogPage />, [LOCATION]);
    expect(await screen.findByText('No activity recorded yet')).toBeInTheDocument();

    await user.click(screen.getByRole('textbox', { name: 'Actor email' }));
    await user.paste(' lee@ ');
    await user.click(screen.getByRole('combobox', { name: 'Entity' }));
    await user.click(screen.getByRole('option', { name: 'user' }));
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Diridon Station (San Jose)' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    const expected = {
      actor: 'lee@',
      entity: 'user',
      locationId: LOCATION,
      from: new Date('2026-11-01T00:00:00').toISOString(),
    };
    await waitFor(() => expect(lastListQuery()).toEqual({ ...expected, page: '1', pageSize: '25', sort: '-createdAt' }));
    expect(await screen.findByText('No activity matches these filters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded activity-log-2026-11-22.csv')).toBeInTheDocument();
    expect(api.callsTo('/activity-logs/export').map((call) => call.query)).toEqual([expected]);
  });

  it('shows the server’s message when it refuses the filters', async () => {
    api.routes = (call) => (call.path === '/activity-logs' ? refusal(400, 'From must be before To', 'VALIDATION_FAILED') : routes(call));
    renderAs('SuperAdmin', <ActivityLogPage />);
    expect(await screen.findByText('From must be before To')).toBeInTheDocument();
    expect(screen.getByText('No activity recorded yet')).toBeInTheDocument();
  });
});
