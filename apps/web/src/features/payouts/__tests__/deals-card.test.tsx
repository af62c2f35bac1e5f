import type { Deal } from '@wattdesk/shared/schemas/payouts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowForBusyMachine, type ApiRoutes, ok, refusal, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { DealsCard } from '../components/deals-card.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const share = {
  id: 'deal-1',
  locationId: LOCATION,
  kind: 'revenue_share',
  startDate: '2026-01-01',
  termMonths: 12,
  hostBps: 7000,
  resellerBps: 1250,
  platformBps: 1750,
  currency: null,
  monthlyFee: null,
  createdByEmail: 'ops@example.com',
  createdAt: '2025-12-20T10:00:00.000Z',
} satisfies Deal;
const fee = {
  ...share,
  id: 'deal-2',
  kind: 'fixed_fee',
  termMonths: 36,
  hostBps: null,
  resellerBps: null,
  platformBps: null,
  currency: 'USD',
  monthlyFee: 123456,
} satisfies Deal;

let api: TestApi;
let deals: Deal[] = [];
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/payments/payouts/deals' && method === 'GET') return ok({ items: deals });
  if (path === '/payments/payouts/deals' && method === 'POST') return { status: 201, body: { responseCode: 201, msg: ['deal added'], deal: share } };
  return undefined;
};
const posted = () => api.changes().map(({ body }) => body);

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  deals = [share, fee];
  api.calls = [];
  api.routes = routes;
});

// Limits, not measurements: MUI's dialogs render slowly when the shared machine is busy.
describe('Payouts: Deals card', { timeout: 120_000 }, () => {
  it('lists each deal’s terms as people read them; only Deals_Create may add one', async () => {
    renderAs('PortfolioManager', <DealsCard locationId={LOCATION} currency="USD" />, [LOCATION]);
    const table = await screen.findByRole('table', { name: 'Deals' }, { timeout: 20_000 });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Revenue share', '2026-01-01', '12 months', 'Host 70%, reseller 12.5%, platform 17.5%'],
      ['Fixed monthly fee', '2026-01-01', '36 months', '$1,234.56 a month'],
    ]);
    expect(screen.queryByRole('button', { name: 'Add deal' })).not.toBeInTheDocument();
  });

  it('adds a revenue-share deal only once the shares are numbers that add up to 100%', async () => {
    deals = [];
    const user = userEvent.setup();
    renderAs('SuperAdmin', <DealsCard locationId={LOCATION} currency="USD" />);
    expect(await screen.findByText('No deals on this location.', {}, { timeout: 20_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add deal' }));
    const dialog = screen.getByRole('dialog', { name: 'Add deal' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Host (%)' }), 'seventy');
    await user.click(within(dialog).getByRole('button', { name: 'Add deal' }));
    expect(within(dialog).getByText('Start date must be a date')).toBeInTheDocument();
    expect(within(dialog).getByText('Host share must be a percentage')).toBeInTheDocument();
    expect(within(dialog).getByText('Reseller share must be a percentage')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: '2027-01-01' } });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Host (%)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Host (%)' }), '70');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reseller (%)' }), '12.5');
    await user.type(within(dialog).getByRole('textbox', { name: 'Platform (%)' }), '20');
    await user.click(within(dialog).getByRole('button', { name: 'Add deal' }));
    expect(within(dialog).getByText('Host, reseller and platform shares must add up to 100%')).toBeInTheDocument();
    expect(posted()).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Platform (%)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Platform (%)' }), '17,5');
    await user.click(within(dialog).getByRole('button', { name: 'Add deal' }));
    expect(await screen.findByText('deal added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted()).toEqual([
      { locationId: LOCATION, kind: 'revenue_share', startDate: '2027-01-01', termMonths: 12, hostBps: 7000, resellerBps: 1250, platformBps: 1750 },
    ]);
  });

  it('adds a fixed monthly fee in the location’s currency, and shows the server’s refusal in the dialog', async () => {
    api.routes = (call) => (call.method === 'POST' ? refusal(409, 'A deal already starts on this day') : routes(call));
    const user = userEvent.setup();
    renderAs('SuperAdmin', <DealsCard locationId={LOCATION} currency="USD" />);
    await screen.findByRole('table', { name: 'Deals' }, { timeout: 20_000 });
    await user.click(screen.getByRole('button', { name: 'Add deal' }));
    const dialog = screen.getByRole('dialog', { name: 'Add deal' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind of deal' }));
    await user.click(screen.getByRole('option', { name: 'Fixed monthly fee' }));
    fireEvent.change(within(dialog).getByLabelText(/Start date/), { target: { value: '2027-01-01' } });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Term (months)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Term (months)' }), '24');
    await user.type(within(dialog).getByRole('textbox', { name: 'Monthly fee (USD)' }), '499.99');
    await user.click(within(dialog).getByRole('button', { name: 'Add deal' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A deal already starts on this day');
    expect(posted()).toEqual([
      { locationId: LOCATION, kind: 'fixed_fee', startDate: '2027-01-01', termMonths: 24, currency: 'USD', monthlyFee: 49999 },
    ]);
  });
});
