import type { ChargerLogEntry, ChargerLogQuery, ChargerLogResponse } from '@wattdesk/shared/schemas/charger-log';
import type { UserType } from '@wattdesk/shared/roles';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSelectedLocation } from '../../../lib/selected-location-store.ts';
import { useSession } from '../../../lib/session-store.ts';
import { ChargerLogsPage } from '../charger-logs-page.tsx';

const api = vi.hoisted(() => ({
  useChargerLog: vi.fn(),
  useLogChargerOptions: vi.fn(),
  exportMutate: vi.fn(),
}));
vi.mock('../api/charger-logs-api.ts', () => ({
  useChargerLog: api.useChargerLog,
  useLogChargerOptions: api.useLogChargerOptions,
  useExportChargerLog: () => ({ mutate: api.exportMutate, isPending: false }),
}));
vi.mock('../../../lib/use-live-charger-feed.ts', () => ({ useLiveChargerFeed: () => 'live' }));

const LOCATION = 'loc-1';
const entry: ChargerLogEntry = {
  id: 'e1',
  at: '2026-11-22T10:00:00.000Z',
  chargerId: 'c1',
  chargerCode: 'WD-TEST-01',
  chargerName: 'Bay 1',
  kind: 'fault',
  summary: 'Connector 1 faulted: GroundFailure',
};
const page = (items: ChargerLogEntry[]): ChargerLogResponse => ({ items, total: items.length, page: 1, pageSize: 25 });
const lastParams = (): ChargerLogQuery => api.useChargerLog.mock.lastCall![0] as ChargerLogQuery;

const signIn = (userType: UserType) =>
  useSession.setState({
    user: { userId: 'u1', userType, locations: [LOCATION], firstName: 'Kim', lastName: 'Novak', email: 'kim@example.com', phoneNumber: null, access_token: 'a', refresh_token: 'r' },
  });

describe('ChargerLogsPage', () => {
  beforeEach(() => {
    api.useChargerLog.mockReturnValue({ data: page([entry]), isFetching: false, isPlaceholderData: false, isError: false });
    api.useLogChargerOptions.mockReturnValue({ data: { items: [{ id: 'c1', name: 'Bay 1', chargerId: 'WD-TEST-01' }], total: 1 } });
    useSelectedLocation.setState({ locationId: LOCATION });
  });

  it('asks for a location first', () => {
    signIn('SuperAdmin');
    useSelectedLocation.setState({ locationId: null });
    render(<ChargerLogsPage />);
    expect(screen.getByText('Choose a location')).toBeInTheDocument();
    expect(api.useChargerLog).not.toHaveBeenCalled();
  });

  it('shows the location’s log with the kind as a chip; no export without Logs_Export', () => {
    signIn('ReadonlyAdmin');
    render(<ChargerLogsPage />);
    expect(screen.getByRole('heading', { name: 'Logs' })).toBeInTheDocument();
    const grid = screen.getByRole('grid', { name: 'Charger log' });
    expect(within(grid).getByText('Connector 1 faulted: GroundFailure')).toBeInTheDocument();
    expect(within(grid).getByText('Fault')).toBeInTheDocument();
    expect(within(grid).getByText('WD-TEST-01')).toBeInTheDocument();
    expect(lastParams()).toEqual({ locationId: LOCATION, page: 1, pageSize: 25 });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('sends the filters to the server, says when nothing matches, and exports the same filters', async () => {
    signIn('SuperAdmin');
    const user = userEvent.setup();
    api.useChargerLog.mockReturnValue({ data: page([]), isFetching: false, isPlaceholderData: false, isError: false });
    render(<ChargerLogsPage />);
    expect(screen.getByText('Nothing logged here yet')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(screen.getByRole('option', { name: 'Fault' }));
    await user.click(screen.getByRole('combobox', { name: 'Charger' }));
    await user.click(screen.getByRole('option', { name: 'Bay 1 (WD-TEST-01)' }));
    await user.type(screen.getByLabelText('Search summary'), ' ground ');
    await waitFor(() => expect(lastParams()).toMatchObject({ locationId: LOCATION, kind: 'fault', chargerId: 'c1', search: 'ground' }));
    expect(screen.getByText('No log entry matches these filters')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(api.exportMutate).toHaveBeenCalledWith({ locationId: LOCATION, kind: 'fault', chargerId: 'c1', search: 'ground', from: undefined, to: undefined });
  });
});
