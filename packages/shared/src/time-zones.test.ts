import { describe, expect, it } from 'vitest';
import { formatZonedTimestamp, zonedTimestampFormatter, zoneOffsetMs } from './time-zones.ts';

const AT = '2026-11-03T17:05:09.000Z';

describe('exported times: the location’s wall clock with its UTC offset', () => {
  it('reads the location’s clock, winter and summer, with the offset that makes it unambiguous', () => {
    expect(formatZonedTimestamp(AT, 'America/Los_Angeles')).toBe('2026-11-03 09:05:09 -08:00');
    expect(formatZonedTimestamp('2026-07-01T17:00:00.000Z', 'America/Los_Angeles')).toBe('2026-07-01 10:00:00 -07:00');
    expect(formatZonedTimestamp(AT, 'Asia/Kolkata')).toBe('2026-11-03 22:35:09 +05:30');
  });

  it('UTC by default; midnight is 00, not 24; an unreadable time is an empty cell', () => {
    expect(formatZonedTimestamp(new Date('2026-11-04T00:00:00.000Z'))).toBe('2026-11-04 00:00:00 +00:00');
    expect(formatZonedTimestamp('not a time', 'UTC')).toBe('');
  });

  it('zoneOffsetMs follows summer time', () => {
    expect(zoneOffsetMs(Date.parse(AT), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(zoneOffsetMs(Date.parse('2026-07-01T12:00:00.000Z'), 'America/New_York')).toBe(-4 * 3_600_000);
  });

  it('zonedTimestampFormatter writes what formatZonedTimestamp writes, across summer-time changes of whole and half hours', () => {
    const changes = [
      ['America/Los_Angeles', '2026-03-08T09:00:00Z'],
      ['America/Los_Angeles', '2026-11-01T08:30:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T14:30:00Z'],
      ['Asia/Kathmandu', '2026-11-03T18:00:00Z'],
      ['UTC', '2026-11-03T23:00:00Z'],
    ] as const;
    for (const [zone, around] of changes) {
      const format = zonedTimestampFormatter(zone);
      // Every 7 s for 2 hours either side, in an order that fills the cache out of sequence.
      const instants = Array.from({ length: 2_000 }, (_, n) => Date.parse(around) - 7_200_000 + ((n * 7_919) % 2_000) * 7_013);
      for (const at of instants) expect(format(new Date(at)), `${zone} ${new Date(at).toISOString()}`).toBe(formatZonedTimestamp(new Date(at), zone));
    }
    expect(zonedTimestampFormatter('UTC')(new Date(Number.NaN))).toBe('');
  });

  it('zonedTimestampFormatter takes milliseconds too, and writes each local day and offset right across midnights and years', () => {
    const cases = [
      ['Asia/Kolkata', '2026-12-31T18:29:00Z'],
      ['Pacific/Kiritimati', '2026-06-30T09:59:00Z'],
      ['America/St_Johns', '2026-11-01T02:29:00Z'],
      ['Europe/London', '1968-12-31T23:59:00Z'],
    ] as const;
    for (const [zone, around] of cases) {
      const format = zonedTimestampFormatter(zone);
      for (let n = -300; n <= 300; n += 1) {
        const at = Date.parse(around) + n * 997;
        expect(format(at), `${zone} ${new Date(at).toISOString()}`).toBe(formatZonedTimestamp(new Date(at), zone));
      }
    }
    expect(zonedTimestampFormatter('UTC')(Number.NaN)).toBe('');
  });
});
