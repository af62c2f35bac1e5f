import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatTime, timeZoneCaption } from './format-time.ts';

const AT = '2026-11-03T17:05:09.000Z';

describe('times in the location’s zone, with its label', () => {
  it('the same instant reads as each location’s own clock', () => {
    expect(formatDateTime(AT, 'America/Los_Angeles')).toBe('Nov 3, 2026, 09:05 PST');
    expect(formatDateTime(AT, 'America/New_York')).toBe('Nov 3, 2026, 12:05 EST');
    expect(formatDateTime(AT, 'UTC')).toBe('Nov 3, 2026, 17:05 UTC');
  });

  it('a zone without an English abbreviation is labelled by its offset', () => {
    expect(formatDateTime(AT, 'Europe/Berlin')).toBe('Nov 3, 2026, 18:05 GMT+1');
  });

  it('seconds for logs; the day crosses over where the location’s midnight does', () => {
    expect(formatDateTime(AT, 'America/Los_Angeles', { seconds: true })).toBe('Nov 3, 2026, 09:05:09 PST');
    expect(formatDate('2026-11-04T05:00:00.000Z', 'America/Los_Angeles')).toBe('Nov 3, 2026');
    expect(formatDate('2026-11-04T05:00:00.000Z', 'Asia/Tokyo')).toBe('Nov 4, 2026');
    expect(formatTime(AT, 'America/Los_Angeles')).toBe('09:05 PST');
  });

  it('summer time gets its own label', () => {
    expect(formatTime('2026-07-01T17:00:00.000Z', 'America/Los_Angeles')).toBe('10:00 PDT');
  });

  it('no time is a dash; the caption names the zone or says it is the viewer’s', () => {
    expect(formatDateTime(null, 'UTC')).toBe('—');
    expect(formatDateTime('not a date', 'UTC')).toBe('—');
    expect(timeZoneCaption('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(timeZoneCaption(undefined)).toBe('your time zone');
  });
});
