import type { ResellerPayoutsResponse } from '@wattdesk/shared/schemas/reseller-payouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowForBusyMachine, type ApiRoutes, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { ResellerPayoutsSection } from '../components/reseller-payouts-section.tsx';

const overview: ResellerPayoutsResponse = {
  account: { accountId: 'acct_sbxreseller', livemode: false, sandbox: true, connectedAt: '2026-12-01T10:00:00Z', connectedByEmail: 'r@example.com' },
  sandbox: true,
  balances: [{ currency: 'USD', earned: 150_000, collected: 120_000, paidOut: 20_000, available: 100_000 }],
  transfers: [],
};

let api: TestApi;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/payments/reseller' && method === 'GET') return { status: 200, body: overview };
  if (path === '/payments/reseller/transfers' && method === 'POST')
    return {
      status: 200,
      body: {
        responseCode: 200,
        msg: ['transfer sent'],
        repeated: false,
        transfer: {
          id: 't1',
          currency: 'USD',
          amount: 100_000,
          status: 'in_transit',
          destination: 'acct_sbxreseller',
          failureReason: null,
          providerTransferId: 'tr_1',
          providerPayoutId: 'po_1',
          requestedByEmail: 'r@example.com',
          createdAt: '2026-12-02T10:00:00Z',
          paidAt: null,
        },
      },
    };
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

describe('Payouts account: the reseller payouts section', { timeout: 120_000 }, () => {
  it('a Reseller sees its account and available share, confirms, and one transfer of that currency is requested', async () => {
    const user = userEvent.setup();
    renderAs('Reseller', <ResellerPayoutsSection />);
    const section = await screen.findByRole('region', { name: 'Reseller payouts' }, { timeout: 20_000 });
    expect(within(section).getByText(/acct_sbxreseller/)).toBeInTheDocument();
    expect(within(section).getByText('$1,000.00')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Transfer USD' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer $1,000.00?' }, { timeout: 20_000 });
    expect(api.changes()).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(api.changes()).toHaveLength(1));
    expect(api.changes()[0]!.body).toMatchObject({ currency: 'USD', idempotencyKey: expect.any(String) });
  });

  it('a ReadonlySuperAdmin sees it without actions; a PortfolioManager does not see it at all', async () => {
    const { unmount } = renderAs('ReadonlySuperAdmin', <ResellerPayoutsSection />);
    const section = await screen.findByRole('region', { name: 'Reseller payouts' }, { timeout: 20_000 });
    expect(within(section).queryByRole('button')).toBeNull();
    unmount();
    api.calls = [];
    renderAs('PortfolioManager', <ResellerPayoutsSection />);
    expect(screen.queryByRole('region', { name: 'Reseller payouts' })).toBeNull();
    // Not even asked for: the API would refuse it (403), and a refusal would be shown as an error.
    expect(api.calls).toHaveLength(0);
  });
});
