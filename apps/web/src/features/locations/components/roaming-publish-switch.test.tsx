import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LocationState } from '@wattdesk/shared/schemas/locations';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { allowForBusyMachine, type ApiRoutes, ok, renderAs, startTestApi, type TestApi } from '../../../testing/test-api.tsx';
import { LocationSettings } from './location-settings.tsx';

const LOCATION = '6f1c1a64-5f4e-4a53-9b0e-2f1d8c3a7b10';
const diridon = (publishToRoaming: boolean): LocationState => ({
  locationId: LOCATION,
  name: 'Diridon Station',
  countryCode: 'USA',
  address: { addressLine1: '65 Cahill St', addressLine2: '', city: 'San Jose', zipCode: '95110', state: 'CA' },
  loc: { type: 'Point', coordinates: [-121.9026, 37.3297] },
  chargers: [],
  chargerCount: 0,
  locationCode: '4821',
  timeZone: 'America/Los_Angeles',
  currency: 'USD',
  otherFees: { sessionFee: null, defaultSessionFee: 0 },
  idleFeesOptions: { enabled: false, pricePerMinute: 0, graceMinutes: 0, dailyCap: null, freeHours: null },
  hasReseller: false,
  subscription: null,
  publishToRoaming,
});

let api: TestApi;
const routes: ApiRoutes = ({ method, path, body }) =>
  method === 'PUT' && path === `/locations/${LOCATION}/roaming` ? ok({ locationId: LOCATION, ...(body as object) }) : undefined;
const roamingCalls = () => api.changes().map(({ method, path, body }) => ({ method, path, body }));

beforeAll(async () => {
  api = await startTestApi(routes);
  allowForBusyMachine();
});
afterAll(() => api.close());
beforeEach(() => {
  api.calls = [];
});

describe('Publish to roaming partners', { timeout: 120_000 }, () => {
  it('publishes at once when turned on', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <LocationSettings location={diridon(false)} />);
    const toggle = screen.getByRole('switch', { name: 'Publish to roaming partners' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByText('Diridon Station published to roaming partners')).toBeInTheDocument();
    expect(roamingCalls()).toEqual([{ method: 'PUT', path: `/locations/${LOCATION}/roaming`, body: { publishToRoaming: true } }]);
  });

  it('asks before withdrawing a published location; Cancel keeps it published', async () => {
    const user = userEvent.setup();
    renderAs('SuperAdmin', <LocationSettings location={diridon(true)} />);
    const toggle = screen.getByRole('switch', { name: 'Publish to roaming partners' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    let confirm = screen.getByRole('dialog', { name: 'Stop publishing to roaming partners?' });
    expect(confirm).toHaveTextContent('their drivers stop finding it');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.changes()).toEqual([]);

    await user.click(toggle);
    confirm = screen.getByRole('dialog', { name: 'Stop publishing to roaming partners?' });
    await user.click(within(confirm).getByRole('button', { name: 'Stop publishing' }));
    expect(await screen.findByText('Diridon Station withdrawn from roaming partners')).toBeInTheDocument();
    expect(roamingCalls()).toEqual([{ method: 'PUT', path: `/locations/${LOCATION}/roaming`, body: { publishToRoaming: false } }]);
  });

  it('is not offered without Roaming_Update', () => {
    renderAs('ReadonlySuperAdmin', <LocationSettings location={diridon(true)} />);
    expect(screen.queryByRole('switch', { name: 'Publish to roaming partners' })).not.toBeInTheDocument();
    renderAs('Admin', <LocationSettings location={diridon(true)} />, [LOCATION]);
    expect(screen.queryByRole('switch', { name: 'Publish to roaming partners' })).not.toBeInTheDocument();
  });
});
