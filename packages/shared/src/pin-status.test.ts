import { describe, expect, it } from 'vitest';
import { CHARGER_STATUSES } from './constants.ts';
import type { StatusCounts } from './schemas/chargers.ts';
import { pinStatusOf } from './pin-status.ts';

const counts = (given: Partial<StatusCounts>): StatusCounts => ({
  ...(Object.fromEntries(CHARGER_STATUSES.map((status) => [status, 0])) as StatusCounts),
  ...given,
});

describe('pinStatusOf', () => {
  it('shows the most urgent status of the location’s chargers', () => {
    expect(pinStatusOf(counts({ available: 5, charging: 2, offline: 1, faulted: 1 }))).toBe('faulted');
    expect(pinStatusOf(counts({ available: 5, charging: 2, offline: 1, maintenance: 1 }))).toBe('offline');
    expect(pinStatusOf(counts({ available: 5, charging: 2, maintenance: 1 }))).toBe('maintenance');
    expect(pinStatusOf(counts({ available: 5, charging: 2 }))).toBe('charging');
    expect(pinStatusOf(counts({ available: 5 }))).toBe('available');
  });

  it('says empty for a location without chargers', () => {
    expect(pinStatusOf(counts({}))).toBe('empty');
  });
});
