import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { isUnder, queryKeys } from './query-keys.ts';

/** Seeds a cache with one entry per key and reports which of them an invalidation marks stale. */
const staleAfter = async (keys: readonly (readonly unknown[])[], invalidate: readonly unknown[]) => {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  for (const key of keys) client.setQueryData(key, 'data');
  await client.invalidateQueries({ queryKey: invalidate, refetchType: 'none' });
  return keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => JSON.stringify(key));
};

describe('the query-key factory', () => {
  it('names the same data the same way, whichever screen asks', () => {
    expect(queryKeys.chargers.list({ locationId: 'loc-a', page: 1 })).toEqual(queryKeys.chargers.list({ locationId: 'loc-a', page: 1 }));
    expect(queryKeys.chargers.list({ locationId: 'loc-a' })).not.toEqual(queryKeys.chargers.list({ locationId: 'loc-b' }));
  });

  it("invalidating a charger change reaches every charger list, detail and log, and nothing of another area's", async () => {
    const keys = [
      queryKeys.chargers.list({ locationId: 'loc-a' }),
      queryKeys.chargers.detail('c1'),
      queryKeys.chargers.eventsOf('c1', { page: 1, pageSize: 10 }),
      queryKeys.sessions.list({ locationId: 'loc-a' }),
      queryKeys.locations.state('loc-a'),
    ];
    expect(await staleAfter(keys, queryKeys.chargers.all)).toEqual(keys.slice(0, 3).map((key) => JSON.stringify(key)));
  });

  it("a charger's command refetches its own detail and log, not another charger's", async () => {
    const keys = [queryKeys.chargers.eventsOf('c1', { page: 2, pageSize: 10 }), queryKeys.chargers.eventsOf('c2', { page: 1, pageSize: 10 })];
    expect(await staleAfter(keys, queryKeys.chargers.eventsOf('c1'))).toEqual([JSON.stringify(keys[0])]);
  });

  it('location lists and states sit under one root, so a location change refreshes the switcher and the profile', async () => {
    const keys = [queryKeys.locations.list({ search: 'bay' }), queryKeys.locations.state('loc-a'), queryKeys.admins.list({})];
    expect(await staleAfter(keys, queryKeys.locations.all)).toEqual(keys.slice(0, 2).map((key) => JSON.stringify(key)));
  });

  it('isUnder matches a prefix the way invalidation does', () => {
    expect(isUnder(queryKeys.sessions.detail('s1'), queryKeys.sessions.all)).toBe(true);
    expect(isUnder(queryKeys.sessions.all, queryKeys.sessions.detail('s1'))).toBe(false);
    expect(isUnder(queryKeys.chargerLog.list({ locationId: 'loc-a' }), queryKeys.chargers.all)).toBe(false);
  });
});
