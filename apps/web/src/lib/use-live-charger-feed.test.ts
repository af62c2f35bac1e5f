import type { LiveEvent } from '@wattdesk/shared/schemas/charging';
import { describe, expect, it } from 'vitest';
import { isAffectedBy, isLiveQuery } from './use-live-charger-feed.ts';

const event = (id: string, locationId: string): LiveEvent => ({ id, chargerId: `WD-${id}`, locationId, reason: 'status', at: '2026-11-22T10:00:00Z' });

describe('which queries a charger event refetches', () => {
  const events = [event('c1', 'loc-a')];

  it('charger lists of that location and of all locations, not of another location', () => {
    expect(isAffectedBy(['chargers', { locationId: 'loc-a', page: 1 }], events)).toBe(true);
    expect(isAffectedBy(['chargers', { page: 1 }], events)).toBe(true);
    expect(isAffectedBy(['chargers', { locationId: 'loc-b' }], events)).toBe(false);
  });

  it("the charger's own detail and log, not another charger's", () => {
    expect(isAffectedBy(['charger', 'c1'], events)).toBe(true);
    expect(isAffectedBy(['charger-events', 'c1', { page: 1 }], events)).toBe(true);
    expect(isAffectedBy(['charger', 'c2'], events)).toBe(false);
  });

  it("the location's sessions and maintenance; session details; nothing unrelated", () => {
    expect(isAffectedBy(['sessions', 'list', { locationId: 'loc-a' }], events)).toBe(true);
    expect(isAffectedBy(['sessions', 'list', { locationId: 'loc-b' }], events)).toBe(false);
    expect(isAffectedBy(['sessions', 'detail', 's1'], events)).toBe(true);
    expect(isAffectedBy(['charger-log', 'list', { locationId: 'loc-a', page: 1 }], events)).toBe(true);
    expect(isAffectedBy(['charger-log', 'list', { locationId: 'loc-b', page: 1 }], events)).toBe(false);
    expect(isAffectedBy(['maintenance', 'loc-a'], events)).toBe(true);
    expect(isAffectedBy(['maintenance', 'loc-b'], events)).toBe(false);
    expect(isAffectedBy(['locations', { page: 1 }], events)).toBe(false);
    expect(isAffectedBy(['activity-logs', 'list', {}], events)).toBe(false);
  });

  it('after a gap, every live query of the followed location (or of all)', () => {
    expect(isLiveQuery(['chargers', { locationId: 'loc-a' }], 'loc-a')).toBe(true);
    expect(isLiveQuery(['chargers', { locationId: 'loc-b' }], 'loc-a')).toBe(false);
    expect(isLiveQuery(['maintenance', 'loc-a'], 'loc-a')).toBe(true);
    expect(isLiveQuery(['charger-log', 'list', { locationId: 'loc-a' }], 'loc-a')).toBe(true);
    expect(isLiveQuery(['charger-log', 'list', { locationId: 'loc-b' }], 'loc-a')).toBe(false);
    expect(isLiveQuery(['charger', 'c9'], 'loc-a')).toBe(true);
    expect(isLiveQuery(['chargers', { locationId: 'loc-b' }], null)).toBe(true);
    expect(isLiveQuery(['payment-account', 'loc-a'], null)).toBe(false);
  });
});
