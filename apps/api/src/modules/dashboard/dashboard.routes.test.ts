import {
  minorToDecimal,
  type BalanceResponse,
  type DashboardOverview,
  type ResellerRevenue,
  type RevenueShareResponse,
  type UserType,
} from '@wattdesk/shared';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/sql-helpers.ts';
import { expectRefusal } from '../../../test/expect-refusal.ts';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
/** The demo week of sessions lies within the last eight days. */
const WEEK = { from: day(-8), to: day(0) };

describe('dashboard overview, reseller revenue and reports', () => {
  let t: TestApp;
  let loc: Record<string, string>;
  const tokens = new Map<UserType, string>();

  beforeAll(async () => {
    t = await createTestApp();
    loc = await demoLocationIds(t.database.db);
    for (const type of ['SuperAdmin', 'Admin', 'Reseller', 'ReadonlyAdmin', 'ManufacturingAdmin'] as const)
      tokens.set(type, (await loginAs(t.app, type)).access_token);
  });
  afterAll(() => t.close());

  const get = (type: UserType, url: string, query: Record<string, string>) =>
    t.app.inject(authed(tokens.get(type)!, { method: 'GET', url: `${url}?${new URLSearchParams(query).toString()}` }));

  it('the overview sums the demo week; the Day filter splits it; a Reseller sees its revenue and share', async () => {
    const all = (await get('SuperAdmin', '/web/dashboard/overview', WEEK)).json<DashboardOverview>();
    const [{ n }] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from charging_sessions where status = 'completed'`),
    ) as [{ n: number }];
    expect(all.figures.sessions.current).toBe(n);
    expect(all.figures.energyWh.current).toBeGreaterThan(0);
    expect(all.figures.revenue[0]!.current).toBeGreaterThan(0);
    const weekdays = (await get('SuperAdmin', '/web/dashboard/overview', { ...WEEK, dayFilter: 'weekdays' })).json<DashboardOverview>();
    const weekends = (await get('SuperAdmin', '/web/dashboard/overview', { ...WEEK, dayFilter: 'weekends' })).json<DashboardOverview>();
    expect(weekdays.figures.sessions.current + weekends.figures.sessions.current).toBe(n);
    expect(weekdays.figures.energyWh.current + weekends.figures.energyWh.current).toBeCloseTo(all.figures.energyWh.current, 6);

    const reseller = await get('Reseller', '/web/dashboard/reseller-revenue', WEEK);
    expect(reseller.statusCode).toBe(200);
    const revenue = reseller.json<ResellerRevenue>();
    expect(revenue.locations.map((l) => l.locationId).sort()).toEqual([loc['sj-diridon'], loc['sj-santana-row']].sort());
    expect(revenue.totals[0]!.share).toBe(revenue.locations.reduce((sum, l) => sum + l.share, 0));
    expect((await get('Reseller', '/web/dashboard/overview', WEEK)).statusCode).toBe(200);
    expectRefusal(await get('Admin', '/web/dashboard/reseller-revenue', WEEK), 403, 'FORBIDDEN', ['You do not have permission to do this']);
    expectRefusal(await get('SuperAdmin', '/web/dashboard/overview', { from: day(0), to: day(-1) }), 400, 'VALIDATION_FAILED', [
      'From must be on or before To',
    ]);
  });

  it('reseller revenue and the payouts balance agree to the cent: both are the ledger split by the share in force', async () => {
    const revenue = (await get('SuperAdmin', '/web/dashboard/reseller-revenue', WEEK)).json<ResellerRevenue>();
    expect(revenue.locations.length).toBeGreaterThan(0);
    expect(revenue.locations.some((l) => l.share > 0)).toBe(true);
    for (const row of revenue.locations) {
      // The demo week holds every demo session, so the range's split is the location's whole ledger.
      const balance = (await get('SuperAdmin', '/web/payments/payouts/balance', { locationId: row.locationId })).json<BalanceResponse>();
      const money = balance.balances.find((b) => b.currency === row.currency);
      expect(row.revenue).toBe(money?.sessionRevenue ?? 0);
      expect(row.share).toBe(money?.resellerShare ?? 0);
      const share = (await get('SuperAdmin', '/web/payments/payouts/revenue-share', { locationId: row.locationId })).json<RevenueShareResponse>();
      expect(row.shareBps).toBe(share.current.resellerBps);
    }
  });

  it('the energy and revenue per day chart has every local day of the range, zeros where nothing happened', async () => {
    const range = { from: day(-40), to: day(0), locationId: loc['sj-diridon']! };
    const overview = (await get('SuperAdmin', '/web/dashboard/overview', range)).json<DashboardOverview>();
    expect(overview.series.map((d) => d.day)).toEqual(Array.from({ length: 41 }, (_, n) => day(n - 40)));
    // The days with sessions, counted straight from the rows on the location's own calendar.
    const perDay = rowsOf<{ day: string; n: number; wh: number }>(
      await t.database.db.execute(sql`
        select (cs.started_at at time zone l.time_zone)::date::text as day, count(*)::int as n, sum(cs.energy_wh)::float8 as wh
        from charging_sessions cs join locations l on l.id = cs.location_id
        where cs.location_id = ${range.locationId} and cs.status = 'completed' group by 1`),
    );
    expect(perDay.length).toBeGreaterThan(0);
    for (const point of overview.series) {
      const expected = perDay.find((d) => d.day === point.day);
      expect(point.sessions).toBe(expected?.n ?? 0);
      expect(point.energyWh).toBeCloseTo(expected?.wh ?? 0, 6);
      if (!expected) expect(point.revenue.every((r) => r.amount === 0)).toBe(true);
    }
    expect(overview.series.filter((d) => d.sessions === 0).length).toBeGreaterThan(20);

    const weekends = (await get('SuperAdmin', '/web/dashboard/overview', { ...range, dayFilter: 'weekends' })).json<DashboardOverview>();
    const weekendDays = overview.series.map((d) => d.day).filter((d) => [0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay()));
    expect(weekends.series.map((d) => d.day)).toEqual(weekendDays);
  });

  it('reports cover the user’s locations only, neutralise formulas, and open as CSV and XLSX', async () => {
    const admin = await loginAs(t.app, 'Admin');
    const mine = admin.locations;
    const outside = sql`select name from locations where not (id = any(${`{${mine.join(',')}}`}::uuid[])) limit 1`;
    const [{ name: other }] = rowsOf<{ name: string }>(await t.database.db.execute(outside)) as [{ name: string }];
    // A driver tag a spreadsheet would run as a formula.
    await t.database.db.execute(sql`update charging_sessions set id_tag = '=HYPERLINK("x")' where location_id = ${mine[0]}`);
    const csv = await get('Admin', '/web/reports/sessions', WEEK);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Transaction,Location,Charger,Charger id,Connector,Driver (id tag),Time zone,Started,Stopped,Energy (kWh),Duration (h),Idle (h),Cost,Currency',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(csv.body).not.toContain(other);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);

    const xlsx = await get('Admin', '/web/reports/energy-by-charger', { ...WEEK, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toContain('Energy (kWh)');
    const locationsInReport = new Set<string>();
    sheet.eachRow((row, n) => n > 1 && locationsInReport.add(row.getCell(1).text));
    expect(locationsInReport.size).toBe(mine.length);
    expect(locationsInReport.has(other)).toBe(false);

    expectRefusal(await get('Admin', '/web/reports/sessions', { ...WEEK, locationId: loc['sj-diridon']! }), 403, 'LOCATION_FORBIDDEN', [
      'You do not have access to this location',
    ]);
  });

  it('revenue by location and month counts each location’s completed sessions of the range and their prices', async () => {
    const xlsx = await get('SuperAdmin', '/web/reports/revenue-by-location', { ...WEEK, format: 'xlsx' });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const shown: Record<string, { sessions: number; revenue: number }> = {};
    book.worksheets[0]!.eachRow((row, n) => {
      const [location, month] = [row.getCell(1).text, row.getCell(2).text];
      const [sessions, revenue] = [row.getCell(3).value, row.getCell(5).value];
      if (n > 1 && (Number(sessions) || Number(revenue))) shown[`${location} ${month}`] = { sessions: Number(sessions), revenue: Number(revenue) };
    });
    const direct = rowsOf<{ name: string; month: string; sessions: string; revenue: string; currency: string }>(
      await t.database.db.execute(sql`
      select l.name, to_char((cs.started_at at time zone l.time_zone)::date, 'YYYY-MM') as month, count(*) as sessions,
        coalesce(sum(p.total_minor), 0) as revenue, l.currency
      from charging_sessions cs join locations l on l.id = cs.location_id left join session_prices p on p.session_id = cs.id
      where cs.status = 'completed' and (cs.started_at at time zone l.time_zone)::date between ${WEEK.from}::date and ${WEEK.to}::date
      group by l.name, 2, l.currency`),
    );
    expect(direct.length).toBeGreaterThan(0);
    expect(shown).toEqual(
      Object.fromEntries(
        direct.map((row) => [
          `${row.name} ${row.month}`,
          { sessions: Number(row.sessions), revenue: Number(minorToDecimal(Number(row.revenue), row.currency)) },
        ]),
      ),
    );
  });

  it('the quick report is one click for ManufacturingAdmin; roles without the permission are refused', async () => {
    const quick = await get('ManufacturingAdmin', '/web/reports/quick', { locationId: loc['sj-diridon']! });
    expect(quick.statusCode).toBe(200);
    expect(quick.body).toContain('Uptime (%)');
    expectRefusal(await get('ReadonlyAdmin', '/web/reports/quick', { locationId: loc['sf-embarcadero']! }), 403, 'FORBIDDEN', [
      'You do not have permission to do this',
    ]);
    expectRefusal(await get('Reseller', '/web/reports/locations', {}), 403, 'FORBIDDEN', ['You do not have permission to do this']);
  });

  it('an XLSX report downloaded from a page in German has a German sheet title and German Yes/No; English is unchanged', async () => {
    const sheetOf = async (url: string, query: Record<string, string>, language?: string) => {
      const response = await t.app.inject(
        authed(tokens.get('SuperAdmin')!, {
          method: 'GET',
          url: `${url}?${new URLSearchParams({ ...query, format: 'xlsx' }).toString()}`,
          headers: language ? { 'accept-language': language } : {},
        }),
      );
      expect(response.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const resellerColumn = new Set<string>();
      sheet.eachRow((row, n) => n > 1 && resellerColumn.add(row.getCell(10).text));
      return { name: sheet.name, resellerColumn };
    };
    const english = await sheetOf('/web/reports/locations', {});
    expect(english.name).toBe('Locations');
    expect(english.resellerColumn).toEqual(new Set(['Yes', 'No']));
    const german = await sheetOf('/web/reports/locations', {}, 'de');
    expect(german.name).toBe('Standorte');
    expect(german.resellerColumn).toEqual(new Set(['Ja', 'Nein']));
    expect((await sheetOf('/web/reports/revenue-by-location', WEEK, 'de')).name).toBe('Umsatz nach Standort und Monat');
    expect((await sheetOf('/web/reports/quick', { locationId: loc['sj-diridon']! })).name).toMatch(/^Quick report \d{4}-\d{2}-\d{2} to /);
    expect((await sheetOf('/web/reports/quick', { locationId: loc['sj-diridon']! }, 'de')).name).toMatch(/^Schnellbericht \d{4}-\d{2}-\d{2} bis /);
  });
});
