import { DAY_MS, forEachLocalHour } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { createTestDatabase } from '../../../test/test-app.ts';

/**
 * A span cut at local days and hours has two implementations: the rollups' in the database (sql/local-parts.sql, run by
 * the triggers in the transaction of every write) and the pricing engine's in TypeScript (forEachLocalHour, which the
 * API runs without a database). Decision 070: both stay; this holds them to each other, second for second.
 */
const ZONES = [
  'UTC',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Asia/Kolkata',
  'America/St_Johns',
  'Australia/Adelaide',
  'Pacific/Auckland',
  'Pacific/Chatham',
  'Australia/Lord_Howe',
  'America/Santiago',
] as const;
const HOUR = 3_600_000;
/**
 * Near the 2026 clock changes, and anywhere in the year: Los Angeles, Berlin, Adelaide and Auckland change on a local
 * hour; Chatham at a quarter to the hour, Lord Howe by half an hour, Santiago at midnight.
 */
const CHANGES = [
  '2026-03-08T10:00:00Z',
  '2026-03-29T01:00:00Z',
  '2026-04-04T14:00:00Z',
  '2026-04-04T15:00:00Z',
  '2026-04-05T03:00:00Z',
  '2026-09-06T04:00:00Z',
  '2026-09-26T14:00:00Z',
  '2026-10-03T15:30:00Z',
  '2026-11-01T09:00:00Z',
].map(Date.parse);

const spanArb = fc.record({
  zone: fc.constantFrom(...ZONES),
  from: fc.oneof(
    fc.tuple(fc.constantFrom(...CHANGES), fc.integer({ min: -30 * HOUR, max: 6 * HOUR })).map(([change, shift]) => change + shift),
    fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2026-12-31T00:00:00Z') }),
  ),
  // Whole seconds, as the rollups count them; up to three days.
  seconds: fc.integer({ min: 0, max: 3 * 86_400 }),
});

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;

/** What forEachLocalHour cuts [from, to) into, as seconds per local day and hour (`day|hour`) and per local day. */
const engineParts = (zone: string, from: number, to: number) => {
  const hours = new Map<string, number>();
  const days = new Map<number, number>();
  forEachLocalHour(zone, from, to, (piece) => {
    const seconds = (piece.to - piece.from) / 1000;
    hours.set(`${piece.day}|${piece.hour}`, (hours.get(`${piece.day}|${piece.hour}`) ?? 0) + seconds);
    days.set(piece.day, (days.get(piece.day) ?? 0) + seconds);
  });
  return { hours, days };
};

describe('local days and hours: the database cuts a span as the pricing engine does', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const databaseParts = async (zone: string, from: number, to: number) => {
    const span = sql`${new Date(from).toISOString()}::timestamptz, ${new Date(to).toISOString()}::timestamptz, ${zone}::text`;
    const hourRows = rowsOf<{ day: string; hour: number; seconds: string }>(
      await database.db.execute(sql`select day::text as day, hour, seconds from wd_hour_parts(${span})`),
    );
    const dayRows = rowsOf<{ day: string; seconds: string }>(
      await database.db.execute(sql`select day::text as day, seconds from wd_day_parts(${span})`),
    );
    const hours = new Map<string, number>();
    for (const row of hourRows) {
      const key = `${dayNumber(row.day)}|${row.hour}`;
      hours.set(key, (hours.get(key) ?? 0) + Number(row.seconds));
    }
    return { hours, days: new Map(dayRows.map((row) => [dayNumber(row.day), Number(row.seconds)])) };
  };

  it('gives every local day and hour the same seconds, across clock changes and in zones a half or three quarters off', async () => {
    await fc.assert(
      fc.asyncProperty(spanArb, async ({ zone, from, seconds }) => {
        const start = Math.floor(from / 1000) * 1000;
        const end = start + seconds * 1000;
        const expected = engineParts(zone, start, end);
        const actual = await databaseParts(zone, start, end);
        expect(Object.fromEntries(actual.hours), `${zone} ${new Date(start).toISOString()} +${seconds}s`).toEqual(Object.fromEntries(expected.hours));
        expect(Object.fromEntries(actual.days)).toEqual(Object.fromEntries(expected.days));
      }),
      { numRuns: 150 },
    );
  });
});
