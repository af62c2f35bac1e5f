import type { Paged } from '@wattdesk/shared/schemas/common';
import type { SystemLogItem } from '@wattdesk/shared/schemas/system-logs';
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
import { SystemLogsPage } from '../system-logs-page.tsx';

const bounce = {
  id: 's1',
  createdAt: '2026-11-22T10:00:05.000Z',
  level: 'error',
  source: 'mail',
  event: 'mail.send_failed',
  message: 'The mail server refused the message',
  details: { to: 'kim@example.com', code: 550 },
} satisfies SystemLogItem;

const paged = <T,>(items: T[], total = items.length, page = 1): Paged<T> => ({ items, total, page, pageSize: 25 });

let api: TestApi;
let rows: SystemLogItem[] = [];
const routes: ApiRoutes = ({ path, query }) => {
  if (path === '/system-logs') return ok(paged(rows, rows.length ? 40 : 0, Number(query.page)));
  if (path === '/system-logs/export') return { status: 200, file: 'Time,Level\r\n', contentType: 'text/csv', fileName: 'system-log.csv' };
  return undefined;
};
const lastListQuery = () => api.callsTo('/system-logs').at(-1)?.query;

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
  allowDownloads();
});
afterAll(() => api.close());
beforeEach(() => {
  rows = [bounce];
  api.calls = [];
  api.routes = routes;
});

// Limits, not measurements: the first render loads the data grid's modules, and the grid and its menus render
// slowly when the shared machine is busy.
describe('System Logs', { timeout: 120_000 }, () => {
  it('shows the events with their source and details, pages on the server, and a new filter starts at page 1', async () => {
    const user = userEvent.setup();
    renderAs('ReadonlySuperAdmin', <SystemLogsPage />);
    const grid = screen.getByRole('grid', { name: 'System events' });
    expect(await within(grid).findByText('The mail server refused the message', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(grid).getByText('Mail')).toBeInTheDocument();
    expect(within(grid).getByText('error')).toBeInTheDocument();
    expect(within(grid).getByText('mail.send_failed')).toBeInTheDocument();
    expect(within(grid).getByText('{"to":"kim@example.com","code":550}')).toBeInTheDocument();
    expect(lastListQuery()).toEqual({ page: '1', pageSize: '25' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ page: '2', pageSize: '25' }));
    await user.click(screen.getByRole('combobox', { name: 'Level' }));
    await user.click(screen.getByRole('option', { name: 'warning' }));
    await waitFor(() => expect(lastListQuery()).toEqual({ level: 'warning', page: '1', pageSize: '25' }));
  });

  it('sends the filters to the server, says when nothing is there, and exports the same filters', async () => {
    rows = [];
    const user = userEvent.setup();
    renderAs('SuperAdmin', <SystemLogsPage />);
    expect(await screen.findByText('No system events: nothing has gone wrong in the background')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Source' }));
    await user.click(screen.getByRole('option', { name: 'Provider' }));
    await user.click(screen.getByRole('textbox', { name: 'Search event or message' }));
    await user.paste(' stripe ');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    const expected = { source: 'provider', search: 'stripe', to: new Date('2026-11-30T23:59:59.999').toISOString() };
    await waitFor(() => expect(lastListQuery()).toEqual({ ...expected, page: '1', pageSize: '25' }));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Downloaded system-log.csv')).toBeInTheDocument();
    expect(api.callsTo('/system-logs/export').map((call) => call.query)).toEqual([expected]);
  });

  it('shows the server’s message when the export is refused', async () => {
    api.routes = (call) =>
      call.path === '/system-logs/export' ? refusal(429, 'Too many requests. Please wait a moment and try again') : routes(call);
    const user = userEvent.setup();
    renderAs('SuperAdmin', <SystemLogsPage />);
    await screen.findByText('The mail server refused the message');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Too many requests. Please wait a moment and try again')).toBeInTheDocument();
  });
});
