import { describe, expect, it } from 'vitest';
import { formatInZone, zonedToIso } from './zone-time.ts';

describe('times in the location’s zone', () => {
  it('shows a moment with the zone’s label', () => {
    expect(formatInZone('2026-11-20T16:00:00.000Z', 'America/Los_Angeles')).toBe('Nov 20, 2026, 08:00 PST');
    expect(formatInZone('2026-07-01T16:00:00.000Z', 'America/Los_Angeles')).toBe('Jul 1, 2026, 09:00 PDT');
  });

  it('reads a wall-clock time of the location, on both sides of a DST change', () => {
    expect(zonedToIso('2026-11-20T08:00', 'America/Los_Angeles')).toBe('2026-11-20T16:00:00.000Z');
    expect(zonedToIso('2026-07-01T09:00', 'America/Los_Angeles')).toBe('2026-07-01T16:00:00.000Z');
    expect(zonedToIso('2026-11-20T08:00', 'Asia/Kolkata')).toBe('2026-11-20T02:30:00.000Z');
    expect(zonedToIso('not a time', 'UTC')).toBeUndefined();
  });
});
