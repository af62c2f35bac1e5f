import type { Charger } from '@wattdesk/shared/schemas/chargers';
import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChargerCard } from './charger-card.tsx';

const NOW = new Date('2026-11-22T10:05:00.000Z');

const charger = (overrides: Partial<Charger> = {}): Charger => ({
  id: 'c1',
  chargerId: 'WD-TEST-01',
  locationId: 'l1',
  locationName: 'Test Garage',
  name: 'Bay 1',
  thingName: 'thing-wd-test-01',
  kind: 'smart',
  model: 'Wattdesk Smart 11',
  serialNumber: 'SN1',
  connectorTypes: ['J1772'],
  maxPowerKw: 11.5,
  status: 'charging',
  lastKnownStatus: 'charging',
  licensed: true,
  demoNotConnected: false,
  ocppVersion: '1.6',
  lastSeenAt: NOW.toISOString(),
  connected: true,
  availability: 'operative',
  firmwareVersion: '1.4.2',
  connectors: [
    { connectorId: 0, status: 'Available', errorCode: 'NoError', info: null, updatedAt: NOW.toISOString() },
    { connectorId: 1, status: 'Charging', errorCode: 'NoError', info: null, updatedAt: NOW.toISOString() },
  ],
  activeSessions: [
    {
      id: 's1',
      transactionId: 7,
      connectorId: 1,
      idTag: 'DRIVER-1',
      driverName: 'Maya Patel',
      startedAt: '2026-11-22T10:00:00.000Z',
      energyKwh: 1234.5,
      powerKw: 7.24,
      cost: { currency: 'USD', total: 43_217, final: false },
    },
  ],
  ...overrides,
});

describe('ChargerCard', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('shows the status, connection, each connector (not the whole-charger one) and the running session, ticking', () => {
    render(<ChargerCard charger={charger()} showLocation={false} onOpen={() => undefined} />);
    const card = screen.getByRole('article', { name: 'Bay 1' });
    expect(within(card).getByText('Charging')).toBeInTheDocument();
    expect(within(card).getByText('Online')).toBeInTheDocument();
    expect(within(card).getByLabelText('Connector 1: Charging')).toBeInTheDocument();
    expect(within(card).getByText('Connector 1 · Maya Patel (DRIVER-1)')).toBeInTheDocument();
    expect(within(card).queryByLabelText(/Connector 0/)).not.toBeInTheDocument();
    expect(within(card).queryByText('No valid license')).not.toBeInTheDocument();
    expect(within(card).getByTestId('session-energy')).toHaveTextContent('1,234.50 kWh');
    expect(within(card).getByTestId('session-power')).toHaveTextContent('7.2 kW');
    expect(within(card).getByTestId('session-cost')).toHaveTextContent('$432.17');
    const timer = within(card).getByRole('timer');
    expect(timer).toHaveTextContent('5:00');
    expect(timer).toHaveAccessibleName('5 min 0 s');
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(timer).toHaveTextContent('5:02');
  });

  it('flags a charger without a valid software license', () => {
    render(<ChargerCard charger={charger({ licensed: false })} showLocation={false} onOpen={() => undefined} />);
    expect(within(screen.getByRole('article', { name: 'Bay 1' })).getByText('No valid license')).toBeInTheDocument();
  });

  it('an offline charger says when it was last seen, and shows no session', () => {
    render(
      <ChargerCard
        charger={charger({ connected: false, status: 'offline', connectors: [], activeSessions: [] })}
        showLocation
        onOpen={() => undefined}
      />,
    );
    expect(screen.getByText(/^Offline · last seen/)).toBeInTheDocument();
    expect(screen.getByText('Test Garage')).toBeInTheDocument();
    expect(screen.queryByTestId('active-session')).not.toBeInTheDocument();
  });

  it('a demo charger no simulator runs says Not connected (demo), not Offline', () => {
    render(
      <ChargerCard
        charger={charger({ connected: false, status: 'offline', demoNotConnected: true, connectors: [], activeSessions: [] })}
        showLocation={false}
        onOpen={() => undefined}
      />,
    );
    const card = screen.getByRole('article', { name: 'Bay 1' });
    expect(within(card).getAllByText('Not connected (demo)')).toHaveLength(2);
    expect(within(card).queryByText(/Offline/)).not.toBeInTheDocument();
  });

  it('a charger that went offline mid-session says Offline, with Charging only as its last known status', () => {
    render(
      <ChargerCard
        charger={charger({ connected: false, status: 'offline', lastKnownStatus: 'charging', lastSeenAt: '2026-11-22T04:05:00.000Z' })}
        showLocation={false}
        onOpen={() => undefined}
      />,
    );
    const card = screen.getByRole('article', { name: 'Bay 1' });
    expect(card).toHaveAttribute('data-status', 'offline');
    expect(within(card).getByText('Offline')).toBeInTheDocument();
    expect(within(card).getByText('Offline · last seen 6 hours ago · last known: Charging')).toBeInTheDocument();
    // Nothing on the card says it is charging now: no Charging chip, no connector reading, no running session.
    expect(within(card).queryByText('Charging')).not.toBeInTheDocument();
    expect(within(card).queryByLabelText(/^Connector 1/)).not.toBeInTheDocument();
    expect(within(card).queryByTestId('active-session')).not.toBeInTheDocument();
  });
});
