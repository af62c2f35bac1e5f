import type { ErrorResponse, Paged } from '@wattdesk/shared/schemas/common';
import type { LocationListItem, LocationState } from '@wattdesk/shared/schemas/locations';
import { QueryClient, QueryClientProvider, useIsFetching } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { UserType } from '@wattdesk/shared/roles';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../lib/api-client.ts';
import { useSelectedLocation } from '../../lib/selected-location-store.ts';
import { useSession } from '../../lib/session-store.ts';
import { useSelectionKeeper } from './use-selection-keeper.ts';

/** The API's answers over a real HTTP round trip: two locations, one deleted, one behind a failing server. */
let server: Server;
const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
/** The parts of a location's state (GET /web/locations/location-by-id) the keeper reads. */
const locationState = (locationId: string) =>
  ({ locationId, name: locationId, chargers: [], chargerCount: 0 }) satisfies Pick<
    LocationState,
    'locationId' | 'name' | 'chargers' | 'chargerCount'
  >;

/** Requests the server has answered, so a test knows the hook has had every answer it asked for. */
let answered = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.on('finish', () => (answered += 1));
    const url = new URL(req.url!, 'http://localhost');
    if (url.pathname === '/web/locations') {
      return send(res, 200, {
        items: [
          { id: 'loc-a', name: 'A', city: 'Oakland', hasReseller: false, chargerCount: 0 },
          { id: 'loc-b', name: 'B', city: 'Oakland', hasReseller: false, chargerCount: 0 },
        ],
        total: 2,
        page: 1,
        pageSize: 50,
      } satisfies Paged<LocationListItem>);
    }
    const id = url.searchParams.get('locationId');
    if (id === 'loc-gone') return send(res, 404, { responseCode: 404, msg: ['Location not found'] } satisfies ErrorResponse);
    if (id === 'loc-flaky')
      return send(res, 503, { responseCode: 503, msg: ['The server is busy. Please try again in a moment'] } satisfies ErrorResponse);
    return send(res, 200, locationState(id ?? ''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  useSession.setState({ user: null });
  useSelectedLocation.setState({ locationId: null });
});

const keepAs = (userType: UserType, selected: string | null) => {
  useSession.setState({
    user: {
      access_token: 'token',
      userId: 'u1',
      userType,
      locations: [],
      firstName: 'Dana',
      lastName: 'Chen',
      email: 'dana@example.com',
      phoneNumber: null,
    },
  });
  useSelectedLocation.setState({ locationId: selected });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const before = answered;
  const { result } = renderHook(
    () => {
      useSelectionKeeper();
      return useIsFetching();
    },
    { wrapper },
  );
  const current = () => useSelectedLocation.getState().locationId;
  return Object.assign(current, {
    /**
     * Resolves once the server has answered the list (and the selected location's look-up, if one is selected) and
     * the hook has rendered with nothing left to fetch: its rules have then run on both answers.
     */
    settled: () =>
      waitFor(() => {
        expect(answered - before).toBeGreaterThanOrEqual(selected ? 2 : 1);
        expect(result.current).toBe(0);
      }),
  });
};

describe('useSelectionKeeper: the selected-location rules against the server (spec section 4)', () => {
  it('a selected location the server says is gone gives way to the first remaining one', async () => {
    const selected = keepAs('Admin', 'loc-gone');
    await waitFor(() => expect(selected()).toBe('loc-a'));
  });

  it('a selection the server cannot confirm right now (503) is kept, not replaced', async () => {
    const selected = keepAs('Admin', 'loc-flaky');
    // The list and the failed look-up both arrive; the rule must then have kept the choice.
    await selected.settled();
    expect(selected()).toBe('loc-flaky');
  });

  it('a selection beyond the first page of the list is kept when the server finds it', async () => {
    const selected = keepAs('Admin', 'loc-z');
    await selected.settled();
    expect(selected()).toBe('loc-z');
  });

  it('with none selected: the first location, or none for a user with Locations_Multi', async () => {
    const single = keepAs('Admin', null);
    await waitFor(() => expect(single()).toBe('loc-a'));
    useSelectedLocation.setState({ locationId: null });
    const multi = keepAs('PortfolioManager', null);
    await multi.settled();
    expect(multi()).toBeNull();
  });
});
