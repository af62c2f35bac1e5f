import type { DriverPaymentMethod, SessionPayment } from '@wattdesk/shared/schemas/driver-payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { DriverPaymentPanel } from '../components/driver-payment-panel.tsx';

const DRIVER = 'd1';
const method = (card: DriverPaymentMethod['card'], hasFailedPayment = false): DriverPaymentMethod => ({
  driverId: DRIVER,
  accountDriverId: DRIVER,
  card,
  hasFailedPayment,
  sandbox: false,
});
const visa = { brand: 'Visa', last4: '4242', expMonth: 12, expYear: 2034, status: 'active', updatedAt: '2026-12-01T10:00:00.000Z' } as const;
const payment: SessionPayment = {
  sessionId: 's1',
  locationId: 'l1',
  locationName: 'Diridon Station',
  timeZone: 'America/Los_Angeles',
  driverId: DRIVER,
  driverName: 'Rosa Diaz',
  amountMinor: 1250,
  currency: 'USD',
  status: 'failed',
  providerPaymentId: 'pi_123',
  providerFeeMinor: null,
  refundedMinor: 0,
  attempts: 3,
  lastError: 'Your card was declined.',
  nextAttemptAt: null,
  paidAt: null,
  createdAt: '2026-11-22T17:30:00.000Z',
};

let api: TestApi;
let current: DriverPaymentMethod = method(visa, true);
const routes: ApiRoutes = ({ path, method: verb }) => {
  if (path === `/drivers/${DRIVER}/payment-method` && verb === 'GET') return ok(current);
  if (path === `/drivers/${DRIVER}/payment-method` && verb === 'DELETE') {
    current = method(null);
    return ok({ responseCode: 200, msg: ['Card on file removed'], paymentMethod: current });
  }
  if (path === `/drivers/${DRIVER}/payments`) return ok({ items: [payment], total: 1, page: 1, pageSize: 10 });
  return undefined;
};

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  current = method(visa, true);
  api.calls = [];
});

describe('the driver’s Payment tab', { timeout: 120_000 }, () => {
  it('shows the card, the failed payment in the location’s zone, and removes the card only after confirming', async () => {
    renderAs('Admin', <DriverPaymentPanel driverId={DRIVER} />);
    expect(await screen.findByTestId('driver-card-on-file', {}, { timeout: 20_000 })).toHaveTextContent('Visa •••• 4242');
    expect(screen.getByText(/chargers refuse this account until the card is replaced/)).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Session payments of the driver' });
    expect(await within(grid).findByText('Failed', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(grid).getByText('$12.50')).toBeInTheDocument();
    expect(within(grid).getByText('pi_123')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(grid)
          .getAllByRole('gridcell')
          .some((cell) => cell.textContent?.includes('PST')),
      ).toBe(true),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(api.changes()).toEqual([]);
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo(`/drivers/${DRIVER}/payment-method`, 'DELETE')).toHaveLength(1));
    expect(await screen.findByText('No card on file')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add card' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('hides Add, Replace and Remove from a role that cannot change drivers', async () => {
    renderAs('ReadonlyAdmin', <DriverPaymentPanel driverId={DRIVER} />);
    expect(await screen.findByTestId('driver-card-on-file', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Replace card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove card' })).not.toBeInTheDocument();
  });
});
