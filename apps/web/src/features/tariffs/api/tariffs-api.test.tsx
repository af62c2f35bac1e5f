import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setApiBaseUrl } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { useSaveRates } from './tariffs-api.ts';

/** The API over a real HTTP round trip: a save of rates is accepted. */
let server: Server;
beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ responseCode: 200, msg: ['Fee info updated'], version: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('saving prices', () => {
  it("reads the location's prices and its state again, and leaves other data alone", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const seeded = [queryKeys.tariffs.overview('loc-a'), queryKeys.locations.state('loc-a'), queryKeys.locations.list({}), queryKeys.chargers.all];
    for (const key of seeded) queryClient.setQueryData(key, { seeded: true });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useSaveRates(), { wrapper });

    await act(() => result.current.mutateAsync({ locationId: 'loc-a', currency: 'USD', periods: [] }));

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(seeded.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([true, true, true, false]);
  });
});
