import { formatZonedTimestamp, minorToDecimal, type DayFilterKey, type RangeReportKind } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { seedDemoDataIfEmpty } from '../../db/seed/seed.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { csvLine, type CsvCell } from '../../lib/csv.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { createTestDatabase } from '../../../test/test-app.ts';
import { createReportsService, type Report } from './reports.service.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const superAdmin: AuthContext = {
  userId: 'paging-test',
  sessionId: 'paging-test',
  email: 'paging@example.com',
  userType: 'SuperAdmin',
  locationIds: 'all',
};

const rowsOfReport = async (report: Report) => {
  const rows: CsvCell[][] = [];
  for await (const page of report.rows) rows.push(...page);
  return rows;
};

/**
 * Reports are read a page at a time (keyset): with pages of three rows, a report spans many pages and must still
 * hold every row once, in order. The sessions report picks a page before checking each location's own days, so
 * ranges that cut the demo week leave sessions out at both ends of pages.
 */
describe('reports read page by page', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    await seedDemoDataIfEmpty(database.db);
  });
  afterAll(() => database.close());

  const service = (pageSize?: number) =>
    createReportsService({ db: database.db, now: () => new Date(), ...(pageSize ? { pageSize, linesPageSize: pageSize } : {}) });

  it.each<[string, string, DayFilterKey]>([
    ['the demo week', day(-8), 'all-days'],
    ['part of it', day(-4), 'all-days'],
    ['its weekdays', day(-8), 'weekdays'],
  ])('the sessions report over %s lists each session of the range once, in start order', async (_, from, dayFilter) => {
    const to = day(-1);
    const expected = rowsOf<{ transaction_id: number }>(
      await database.db.execute(sql`
        select cs.transaction_id from charging_sessions cs join locations l on l.id = cs.location_id
        where cs.status = 'completed' and (cs.started_at at time zone l.time_zone)::date between ${from}::date and ${to}::date
          and (${dayFilter} = 'all-days' or extract(isodow from (cs.started_at at time zone l.time_zone)::date) between 1 and 5)
        order by cs.started_at, cs.id`),
    ).map((row) => row.transaction_id);
    expect(expected.length).toBeGreaterThan(6);

    const rows = await rowsOfReport(service(3).rangeReport(superAdmin, 'sessions', { from, to, dayFilter }));
    expect(rows.map((row) => Number(row[0]))).toEqual(expected);
  });

  it('the sessions report shows each session as recorded: names, local times, energy, duration and cost', async () => {
    const [from, to] = [day(-8), day(-1)];
    const direct = rowsOf<{
      transaction_id: number;
      location: string;
      charger: string;
      code: string;
      connector_id: number;
      id_tag: string;
      time_zone: string;
      started_at: string;
      stopped_at: string;
      energy_wh: number;
      seconds: number;
      total_minor: number | null;
      currency: string | null;
    }>(
      await database.db.execute(sql`
        select cs.transaction_id, l.name as location, c.name as charger, c.charger_id as code, cs.connector_id, cs.id_tag, l.time_zone,
          cs.started_at::text as started_at, cs.stopped_at::text as stopped_at, cs.energy_wh,
          extract(epoch from cs.stopped_at - cs.started_at)::int as seconds, p.total_minor::int as total_minor, p.currency
        from charging_sessions cs join locations l on l.id = cs.location_id join chargers c on c.id = cs.charger_id
          left join session_prices p on p.session_id = cs.id
        where cs.status = 'completed' and (cs.started_at at time zone l.time_zone)::date between ${from}::date and ${to}::date
        order by cs.started_at, cs.id`),
    );
    expect(direct.some((session) => session.total_minor !== null && session.total_minor > 0)).toBe(true);

    const rows = await rowsOfReport(service(4).rangeReport(superAdmin, 'sessions', { from, to, dayFilter: 'all-days' }));
    expect(rows.map((row) => [...row.slice(0, 11), ...row.slice(12)])).toEqual(
      direct.map((d) => [
        d.transaction_id,
        d.location,
        d.charger,
        d.code,
        d.connector_id,
        d.id_tag,
        d.time_zone,
        formatZonedTimestamp(new Date(d.started_at), d.time_zone),
        formatZonedTimestamp(new Date(d.stopped_at), d.time_zone),
        Math.round(d.energy_wh / 10) / 100,
        Math.round((d.seconds * 100) / 3600) / 100,
        d.total_minor === null ? null : Number(minorToDecimal(d.total_minor, d.currency!)),
        d.currency,
      ]),
    );
  });

  it.each<RangeReportKind>(['sessions', 'violations', 'energy-by-charger', 'uptime-by-charger', 'revenue-by-location'])(
    'the %s report read three rows a page equals the report read in one page',
    async (kind) => {
      const query = { from: day(-8), to: day(0), dayFilter: 'all-days' as const };
      const paged = await rowsOfReport(service(3).rangeReport(superAdmin, kind, query));
      expect(paged.length).toBeGreaterThan(3);
      expect(paged).toEqual(await rowsOfReport(service().rangeReport(superAdmin, kind, query)));
    },
  );

  it('the locations report read three rows a page equals the report read in one page', async () => {
    const paged = await rowsOfReport(service(3).locationsReport(superAdmin, { format: 'csv' }));
    expect(paged.length).toBeGreaterThan(3);
    expect(paged).toEqual(await rowsOfReport(service().locationsReport(superAdmin, { format: 'csv' })));
  });

  it('the sessions CSV the database writes is the report rows as csvLine writes them, across pages and for text a spreadsheet would run', async () => {
    // The latest sessions on a weekday, so that the weekday report below has them whatever day the test runs on.
    const recent = sql`(select s.id, s.location_id, s.charger_id from charging_sessions s join locations l on l.id = s.location_id
      where s.status = 'completed' and extract(isodow from s.started_at at time zone l.time_zone) <= 5 order by s.started_at desc limit 5)`;
    await database.db.execute(sql`update locations set name = '=HYPERLINK("http://x"), Bay' where id in (select location_id from ${recent} r)`);
    await database.db.execute(sql`update chargers set name = 'Bay "one"; @two' where id in (select charger_id from ${recent} r)`);
    await database.db.execute(sql`update charging_sessions set id_tag = '-tag|+x' where id in (select id from ${recent} r)`);
    await database.db.execute(sql`update session_prices set currency = 'JPY' where session_id in (select id from ${recent} r)`);
    const query = { from: day(-8), to: day(0), dayFilter: 'weekdays' as const };
    let text = '';
    for await (const piece of service(3).rangeReport(superAdmin, 'sessions', query).csvText ?? []) text += piece;
    const rows = await rowsOfReport(service(3).rangeReport(superAdmin, 'sessions', query));
    expect(rows.length).toBeGreaterThan(6);
    expect(text).toContain(`"'=HYPERLINK(""http://x""), Bay"`);
    expect(text).toContain(`,'-tag|'+x,`);
    expect(text).toBe(rows.map((row) => csvLine(row)).join(''));
  });
});
