import type { Refund } from '@wattdesk/shared/schemas/payouts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowForBusyMachine, type ApiRoutes, refusal, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { RefundDialog } from '../components/refund-dialog.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const SESSION = '0b7d7a38-2f0e-4f43-9a53-6a1b1c2d3e4f';
const refund = {
  sessionId: SESSION,
  currency: 'USD',
  amount: 123_450,
  hostShare: 86_415,
  resellerShare: 12_345,
  platformFee: 24_690,
  unallocated: 0,
  method: 'provider',
} satisfies Refund;

let api: TestApi;
let closed = 0;
const routes: ApiRoutes = ({ method, path }) => {
  if (path === '/payments/payouts/refunds' && method === 'POST')
    return { status: 200, body: { responseCode: 200, msg: ['refund recorded'], refund } };
  return undefined;
};
const posted = () => api.changes().map(({ body }) => body);

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls = [];
  api.routes = routes;
  closed = 0;
});

// Limits, not measurements: MUI's dialogs render slowly when the shared machine is busy.
describe('Payouts: Refund dialog', { timeout: 120_000 }, () => {
  it('asks for confirmation with the amount in the currency before anything is refunded, then sends one request', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <RefundDialog locationId={LOCATION} currency="USD" sessionId={SESSION} onClose={() => (closed += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Refund a session' }, { timeout: 20_000 });
    expect(within(dialog).getByRole('textbox', { name: /Session id/ })).toHaveValue(SESSION);
    await user.type(within(dialog).getByRole('textbox', { name: /Amount \(USD\)/ }), 'lots');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    expect(await within(dialog).findByText('Amount must be an amount in minor units')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: /Amount \(USD\)/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Amount \(USD\)/ }), '1234.50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Charger fault');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refund $1,234.50?' });
    expect(posted()).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('refund recorded')).toBeInTheDocument();
    await waitFor(() => expect(closed).toBe(1));
    expect(posted()).toEqual([
      {
        locationId: LOCATION,
        sessionId: SESSION,
        amount: 123_450,
        reason: 'Charger fault',
        idempotencyKey: expect.stringMatching(/^[0-9a-f-]{36}$/),
      },
    ]);
  });

  it('shows the server’s refusal (more than is left) and keeps the same key for the retry', async () => {
    api.routes = (call) =>
      call.method === 'POST' ? refusal(400, 'The refund is more than what is left of the session after earlier refunds') : routes(call);
    const user = userEvent.setup();
    renderAs('SuperAdmin', <RefundDialog locationId={LOCATION} currency="USD" sessionId={SESSION} onClose={() => (closed += 1)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Refund a session' }, { timeout: 20_000 });
    await user.type(within(dialog).getByRole('textbox', { name: /Amount \(USD\)/ }), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Review refund' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund $5.00?' })).getByRole('button', { name: 'Refund' }));
    const back = await screen.findByRole('dialog', { name: 'Refund a session' });
    expect(await within(back).findByRole('alert')).toHaveTextContent('The refund is more than what is left of the session after earlier refunds');
    await user.click(within(back).getByRole('button', { name: 'Review refund' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Refund $5.00?' })).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(posted()).toHaveLength(2));
    const [first, second] = posted() as { idempotencyKey: string }[];
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(closed).toBe(0);
  });
});
