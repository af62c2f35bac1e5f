import type { LiveEvent } from '@wattdesk/shared/schemas/charging';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys.ts';
import { isAffectedBy, isLiveQuery } from './use-live-charger-feed.ts';

const event = (id: string, locationId: string): LiveEvent => ({
  id,
  chargerId: `WD-${id}`,
  locationId,
  reason: 'status',
  at: '2026-11-22T10:00:00Z',
});

describe('which queries a charger event refetches', () => {
  const events = [event('c1', 'loc-a')];

  it('charger lists of that location and of all locations, not of another location', () => {
    expect(isAffectedBy(queryKeys.chargers.list({ locationId: 'loc-a', page: 1 }), events)).toBe(true);
    expect(isAffectedBy(queryKeys.chargers.list({ page: 1 }), events)).toBe(true);
    expect(isAffectedBy(queryKeys.chargers.list({ locationId: 'loc-b' }), events)).toBe(false);
  });

  it("the charger's own detail and log, not another charger's", () => {
    expect(isAffectedBy(queryKeys.chargers.detail('c1'), events)).toBe(true);
    expect(isAffectedBy(queryKeys.chargers.eventsOf('c1', { page: 1 }), events)).toBe(true);
    expect(isAffectedBy(queryKeys.chargers.detail('c2'), events)).toBe(false);
  });

  it("the location's sessions and maintenance; session details; nothing unrelated", () => {
    expect(isAffectedBy(queryKeys.sessions.list({ locationId: 'loc-a' }), events)).toBe(true);
    expect(isAffectedBy(queryKeys.sessions.list({ locationId: 'loc-b' }), events)).toBe(false);
    expect(isAffectedBy(queryKeys.sessions.detail('s1'), events)).toBe(true);
    expect(isAffectedBy(queryKeys.chargerLog.list({ locationId: 'loc-a', page: 1 }), events)).toBe(true);
    expect(isAffectedBy(queryKeys.chargerLog.list({ locationId: 'loc-b', page: 1 }), events)).toBe(false);
    expect(isAffectedBy(queryKeys.maintenance.overview('loc-a'), events)).toBe(true);
    expect(isAffectedBy(queryKeys.maintenance.overview('loc-b'), events)).toBe(false);
    expect(isAffectedBy(queryKeys.locations.list({ page: 1 }), events)).toBe(false);
    expect(isAffectedBy(queryKeys.activityLog.list({}), events)).toBe(false);
  });

  it('after a gap, every live query of the followed location (or of all)', () => {
    expect(isLiveQuery(queryKeys.chargers.list({ locationId: 'loc-a' }), 'loc-a')).toBe(true);
    expect(isLiveQuery(queryKeys.chargers.list({ locationId: 'loc-b' }), 'loc-a')).toBe(false);
    expect(isLiveQuery(queryKeys.maintenance.overview('loc-a'), 'loc-a')).toBe(true);
    expect(isLiveQuery(queryKeys.chargerLog.list({ locationId: 'loc-a' }), 'loc-a')).toBe(true);
    expect(isLiveQuery(queryKeys.chargerLog.list({ locationId: 'loc-b' }), 'loc-a')).toBe(false);
    expect(isLiveQuery(queryKeys.chargers.detail('c9'), 'loc-a')).toBe(true);
    expect(isLiveQuery(queryKeys.chargers.list({ locationId: 'loc-b' }), null)).toBe(true);
    expect(isLiveQuery(queryKeys.paymentAccount('loc-a'), null)).toBe(false);
  });
});
