import type { ErrorResponse } from '@wattdesk/shared/schemas/common';
import type { UserType } from '@wattdesk/shared/roles';
import type { ChargerListResponse } from '@wattdesk/shared/schemas/chargers';
import type { DashboardOverview, ResellerRevenue } from '@wattdesk/shared/schemas/dashboard';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify/unstyled';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { OverviewPage } from '../overview-page.tsx';

/** The API over real HTTP, refusing the charger list as the server does for a role without Chargers_View. */
let server: Server;
let paths: string[] = [];
let dayFilters: string[] = [];
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
let refuseChargers = false;
const figure = (current: number, previous: number | null = null) => ({ current, previous });
/** What the server answers: weekdays carry more than weekends, so the filter visibly reaches it. */
const overviewFor = (dayFilter: DashboardOverview['dayFilter']) => {
  const scale = dayFilter === 'weekends' ? 0.25 : 1;
  return {
    from: '2026-10-27',
    to: '2026-11-25',
    previousFrom: '2026-09-27',
    previousTo: '2026-10-26',
    dayFilter,
    timeZone: null,
    figures: {
      energyWh: figure(12_345_678 * scale, 10_000_000),
      sessions: figure(1_520 * scale, 1_600),
      revenue: [{ currency: 'USD', ...figure(4_567_890 * scale, 4_000_000) }],
      avgEnergyWh: figure(8_122),
      avgDurationSeconds: figure(7_380),
      utilisation: figure(0.123),
      uptime: figure(0.987),
      idleSeconds: figure(360_000),
      violations: figure(42, 40),
      uniqueDrivers: figure(180, 170),
    },
    series: [{ day: '2026-11-24', energyWh: 400_000, sessions: 50, revenue: [{ currency: 'USD', amount: 150_000 }] }],
    heatMap: [{ weekday: 1, hour: 8, utilisation: 0.5 }],
    topChargers: [
      { chargerId: 'c1', code: 'WD-1', name: 'Bay 1', locationId: 'l1', locationName: 'Diridon Station', energyWh: 900_000, sessions: 80 },
    ],
    bottomChargers: [],
    connectorTypes: [{ connectorType: 'J1772', sessions: 1_520 }],
  } satisfies DashboardOverview;
};

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    paths.push(url.pathname);
    if (url.pathname === '/web/dashboard/overview') dayFilters.push(url.searchParams.get('dayFilter') ?? '');
    if (url.pathname === '/web/dashboard/overview')
      return send(res, 200, overviewFor((url.searchParams.get('dayFilter') ?? 'all-days') as DashboardOverview['dayFilter']));
    if (url.pathname === '/web/dashboard/reseller-revenue')
      return send(res, 200, {
        locations: [{ locationId: 'l1', name: 'Diridon Station', currency: 'USD', revenue: 1_234_567, share: 123_456, shareBps: 1000 }],
        totals: [{ currency: 'USD', revenue: 1_234_567, share: 123_456 }],
      } satisfies ResellerRevenue);
    if (url.pathname === '/web/chargers' && refuseChargers)
      return send(res, 403, { responseCode: 403, msg: ['You do not have permission'] } satisfies ErrorResponse);
    if (url.pathname === '/web/chargers') {
      const statusCounts = { available: 3, charging: 2, offline: 1, maintenance: 0, faulted: 0 };
      return send(res, 200, { items: [], total: 1234, page: 1, pageSize: 1, statusCounts } satisfies ChargerListResponse);
    }
    return send(res, 404, { responseCode: 404, msg: ['Not found'] } satisfies ErrorResponse);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  paths = [];
  dayFilters = [];
  refuseChargers = false;
  localStorage.clear();
});
afterEach(() => useSession.setState({ user: null }));

const renderAs = (userType: UserType) => {
  useSession.setState({
    user: {
      access_token: 'token',
      userId: 'u1',
      userType,
      locations: [],
      firstName: 'Rae',
      lastName: 'Lin',
      email: 'rae@example.com',
      phoneNumber: null,
    },
  });
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <OverviewPage />
      </MemoryRouter>
      <ToastContainer />
    </QueryClientProvider>,
  );
};

describe('Dashboard overview', () => {
  it('a Reseller sees the figures and its revenue share, never asks for chargers and gets no permission toast', async () => {
    refuseChargers = true;
    renderAs('Reseller');
    // The location's row and the total. The card loads lazily (only resellers see it): on a busy machine its module
    // can take longer than findBy's default second to load.
    expect(await screen.findAllByText('$12,345.67', {}, { timeout: 10_000 })).toHaveLength(2);
    expect(screen.getAllByText('$1,234.56')).toHaveLength(2);
    expect(screen.getByText('10%')).toBeInTheDocument();
    expect(paths).toContain('/web/dashboard/overview');
    expect(paths).not.toContain('/web/chargers');
    expect(screen.queryByText('You do not have permission')).not.toBeInTheDocument();
    // A Reseller may not export reports: no Reports section.
    expect(screen.queryByRole('heading', { name: 'Reports' })).not.toBeInTheDocument();
  });

  it('a Portfolio Manager sees energy, sessions and revenue with thousands separators and links to the sessions', async () => {
    renderAs('PortfolioManager');
    expect(await screen.findByText('12,345.68 kWh')).toBeInTheDocument();
    expect(screen.getByText('1,520')).toBeInTheDocument();
    expect(screen.getByText('$45,678.90')).toBeInTheDocument();
    expect(screen.getByText('-5.0% vs previous period')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Sessions\s*1,520/ })).toHaveAttribute('href', expect.stringMatching(/^\/dashboard\/sessions\?from=/));
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeInTheDocument();
  });

  it('shows the Day filter with the figures it changes, and keeps the choice after the user has been elsewhere', async () => {
    const user = userEvent.setup();
    const first = renderAs('PortfolioManager');
    const filter = await screen.findByRole('group', { name: 'Day filter' });
    await user.click(within(filter).getByRole('button', { name: 'Weekends' }));
    await screen.findByText(/· Weekends ·/);
    expect(dayFilters.at(-1)).toBe('weekends');
    // Leaving the dashboard unmounts it; coming back (no ?days in the address) shows the same choice.
    first.unmount();
    dayFilters = [];
    renderAs('PortfolioManager');
    const again = await screen.findByRole('group', { name: 'Day filter' });
    expect(within(again).getByRole('button', { name: 'Weekends' })).toHaveAttribute('aria-pressed', 'true');
    await screen.findByText(/· Weekends ·/);
    expect(dayFilters).toEqual(['weekends']);
  });
});
