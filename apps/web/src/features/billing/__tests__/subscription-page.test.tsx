import type { ErrorResponse } from '@wattdesk/shared/schemas/common';
import type { UserType } from '@wattdesk/shared/roles';
import type { SubscriptionOverview, SubscriptionPlan, SubscriptionResult } from '@wattdesk/shared/schemas/billing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useSession } from '../../../lib/session-store.ts';
import { SubscriptionPage } from '../subscription-page.tsx';

const LOCATION = 'loc-1';
/** Plans as the API answers them: the catalogue's plan with the provider's price in the location's currency. */
const plan = (id: string, name: string, unitAmount: number, maxChargers: number | null, currency = 'USD'): SubscriptionPlan => ({
  id,
  name,
  description: `${name} plan`,
  includes: { maxChargers, features: id === 'basic' ? [] : ['firmware_campaigns'] },
  price: { lookupKey: `wattdesk_${id}_${currency.toLowerCase()}_month`, unitAmount, currency, interval: 'month' },
});
const PLANS = [plan('basic', 'Basic', 1_500, 25), plan('standard', 'Standard', 2_500, 100), plan('pro', 'Pro', 4_000, null)];
const overview = (hasPaymentMethod: boolean): SubscriptionOverview => ({
  locationId: LOCATION,
  subscription: null,
  plans: PLANS,
  includes: { maxChargers: null, features: ['firmware_campaigns', 'dynamic_power'] },
  chargerCount: 3,
  hasPaymentMethod,
  sandbox: true,
});

/** The API over real HTTP: the overview the test sets, activation refused first (a declined card), then granted. */
let server: Server;
let current = overview(true);
let activations: { planId: string; idempotencyKey: string }[] = [];
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const bodyOf = (req: IncomingMessage) =>
  new Promise<Record<string, string>>((resolve) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => resolve(JSON.parse(text || '{}') as Record<string, string>));
  });

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/web/payments/subscription' && req.method === 'GET') return send(res, 200, current);
    if (url.pathname === '/web/payments/subscription' && req.method === 'POST') {
      void bodyOf(req).then((body) => {
        activations.push({ planId: body.planId!, idempotencyKey: body.idempotencyKey! });
        if (activations.length === 1)
          return send(res, 402, { responseCode: 402, msg: ['Subscription activation failed', 'Your card was declined.'] } satisfies ErrorResponse);
        return send(res, 200, {
          responseCode: 200,
          msg: ['subscription activated'],
          subscription: {
            subscriptionId: 'sub_1',
            planId: 'standard',
            planName: 'Standard',
            status: 'ACTIVE',
            quantity: 3,
            unitAmount: 2_500,
            amount: 7_500,
            currency: 'USD',
            interval: 'month',
            currentPeriodEnd: '2027-01-07T00:00:00.000Z',
            updatedAt: '2026-12-07T00:00:00.000Z',
          },
        } satisfies SubscriptionResult);
      });
      return;
    }
    return send(res, 403, { responseCode: 403, msg: ['Not here'] } satisfies ErrorResponse);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const renderAs = (userType: UserType) => {
  useSession.setState({
    user: {
      userId: 'u1',
      userType,
      locations: [LOCATION],
      firstName: 'Kim',
      lastName: 'Novak',
      email: 'kim@example.com',
      phoneNumber: null,
      access_token: 'a',
    },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { meta: { errorHandled: true } } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SubscriptionPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

describe('SubscriptionPage', () => {
  beforeEach(() => {
    activations = [];
    current = overview(true);
    useSelectedLocation.setState({ locationId: LOCATION });
  });

  it('confirms the monthly amount before activating, and a retry after a refusal carries the same idempotency key', async () => {
    const user = userEvent.setup();
    renderAs('Admin');
    expect(await screen.findByText('3 chargers: $75.00 / month')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Activate Standard' }));
    const dialog = screen.getByRole('dialog', { name: 'Activate Standard?' });
    expect(dialog).toHaveTextContent('3 chargers × $25.00 = $75.00 per month, charged to the card on file, starting today.');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(activations).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Activate' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    await waitFor(() => expect(activations).toHaveLength(2));
    expect(activations[0]).toEqual({ planId: 'standard', idempotencyKey: expect.stringMatching(/^[a-f0-9]{32}$/) as unknown });
    expect(activations[1]!.idempotencyKey).toBe(activations[0]!.idempotencyKey);
  });

  it('without a card on file, points to Payment Info and activates nothing', async () => {
    current = overview(false);
    renderAs('Admin');
    expect(await screen.findByRole('link', { name: 'Add a card under Payment Info' })).toHaveAttribute('href', '/dashboard/profile/payment-info');
    for (const { name } of PLANS) expect(screen.getByRole('button', { name: `Activate ${name}` })).toBeDisabled();
  });

  it('a read-only role sees the plans and no actions', async () => {
    renderAs('ReadonlyAdmin');
    expect(await screen.findByText('3 chargers: $120.00 / month')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Activate/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Add a card under Payment Info/)).not.toBeInTheDocument();
  });

  it("shows the provider's price in the location's currency, what each plan includes, and disables a plan too small for the location", async () => {
    current = {
      ...overview(true),
      chargerCount: 30,
      plans: [
        plan('basic', 'Basic', 1_400, 25, 'EUR'),
        { ...plan('standard', 'Standard', 2_300, 100, 'EUR'), price: null },
        plan('pro', 'Pro', 3_700, null, 'EUR'),
      ],
    };
    renderAs('Admin');
    expect(await screen.findByText('€14.00')).toBeInTheDocument();
    expect(screen.getByText('30 chargers: €1,110.00 / month')).toBeInTheDocument();
    expect(screen.getByText('Up to 25 chargers')).toBeInTheDocument();
    expect(screen.getByText('Any number of chargers · Firmware campaigns')).toBeInTheDocument();
    expect(screen.getByText('Includes up to 25 chargers; this location has 30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Basic' })).toBeDisabled();
    expect(screen.getByText('Price not available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate Standard' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Activate Pro' })).toBeEnabled();
  });
});
