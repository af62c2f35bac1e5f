import type { MaintenanceOverview, RoamingPartner } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLocationIds } from '../../../test/fixtures.ts';
import { authed, createTestApp, loginAs, type TestApp } from '../../../test/test-app.ts';
import { rowsOf } from '../sql-helpers.ts';
import { seedDemoDataIfEmpty } from './seed.ts';

/** The full demo (npm start) as a new user meets it (issue 39): every menu screen has something to show. */
describe('the full demo covers every area and agrees with itself', () => {
  let t: TestApp;
  let token: string;
  let place: string;

  beforeAll(async () => {
    t = await createTestApp({ seed: false });
    await seedDemoDataIfEmpty(t.database.db, { history: true });
    token = (await loginAs(t.app, 'SuperAdmin')).access_token;
    place = (await demoLocationIds(t.database.db))['sf-embarcadero']!;
  }, 120_000);
  afterAll(async () => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject(authed(token, { method: 'GET', url }));
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<unknown>();
  };
  /** The rows a list answers: the answer itself when it is a list, else its lists put together. */
  const rows = (body: unknown): number =>
    Array.isArray(body)
      ? body.length
      : Object.values(body as Record<string, unknown>).reduce<number>((sum, value) => sum + (Array.isArray(value) ? value.length : 0), 0);
  const today = () => new Date().toISOString().slice(0, 10);

  it.each([
    ['Firmware images', () => '/web/firmware/images'],
    ['Firmware campaigns', () => `/web/firmware/campaigns?locationId=${place}`],
    ['Maintenance', () => `/web/maintenance?locationId=${place}`],
    ['Charger schedule', () => `/web/charger-schedule?locationId=${place}&from=${today()}&days=7`],
    ['Payout transfers', () => `/web/payments/payouts/transfers?locationId=${place}`],
    ['Deals', () => `/web/payments/payouts/deals?locationId=${place}`],
    ['Utility accounts', () => `/web/utility-config?locationId=${place}`],
    ['Inspection templates', () => `/web/inspection-templates?locationId=${place}`],
    ['Inspection records', () => `/web/records?locationId=${place}`],
    ['Drivers', () => `/web/drivers?locationId=${place}`],
    ['Agreements', () => `/web/agreements?locationId=${place}`],
    ['Roaming partners', () => '/web/roaming/partners'],
  ])('%s lists at least one row', async (_, url) => {
    expect(rows(await get(url()))).toBeGreaterThan(0);
  });

  it('utility bills have months with figures', async () => {
    const configs = (await get(`/web/utility-config?locationId=${place}`)) as { items?: { id: string }[] } | { id: string }[];
    const first = Array.isArray(configs) ? configs[0]! : configs.items![0]!;
    const year = new Date(Date.now() - 31 * 86_400_000).getUTCFullYear();
    const bills = (await get(`/web/bills?utilityConfigId=${first.id}&year=${year}`)) as { months?: { energyKwh: number | null }[] };
    const months = Array.isArray(bills) ? (bills as { energyKwh: number | null }[]) : (bills.months ?? []);
    expect(months.some((month) => month.energyKwh !== null)).toBe(true);
  });

  it('every location has named drivers, and a charger in maintenance now has an open maintenance record', async () => {
    const locations = Object.values(await demoLocationIds(t.database.db));
    for (const locationId of locations) {
      const drivers = (await get(`/web/drivers?locationId=${locationId}`)) as { items: { firstName: string }[] };
      expect(drivers.items.length).toBeGreaterThan(0);
      expect(drivers.items.every((driver) => driver.firstName.length > 0)).toBe(true);
      const maintenance = (await get(`/web/maintenance?locationId=${locationId}`)) as MaintenanceOverview;
      for (const charger of maintenance.chargers) {
        const latest = maintenance.history.find((entry) => entry.chargerId === charger.chargerId);
        expect(latest?.action, `${charger.chargerId} is in maintenance`).toBe('start');
      }
    }
  });

  it("a recent session's meter chart has values", async () => {
    const [recent] = rowsOf<{ id: string }>(
      await t.database.db.execute(sql`select id from charging_sessions where status = 'completed' order by started_at desc limit 1`),
    );
    const detail = (await get(`/web/sessions/${recent!.id}`)) as { samples: unknown[] };
    expect(detail.samples.length).toBeGreaterThan(0);
  });

  it("the dashboard's unique drivers are the seeded sessions' distinct drivers, each a seeded driver", async () => {
    const to = today();
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    const [counted] = rowsOf<{ drivers: number; strangers: number }>(
      await t.database.db.execute(sql`
        select count(distinct s.driver_id)::int as drivers,
          count(*) filter (where d.user_id is null)::int as strangers
        from charging_sessions s join locations l on l.id = s.location_id left join drivers d on d.user_id = s.driver_id
        where s.status = 'completed' and (s.started_at at time zone l.time_zone)::date between ${from}::date and ${to}::date`),
    );
    expect(counted!.strangers).toBe(0);
    expect(counted!.drivers).toBeGreaterThan(20);
    const overview = (await get(`/web/dashboard/overview?from=${from}&to=${to}`)) as { figures: { uniqueDrivers: { current: number } } };
    expect(overview.figures.uniqueDrivers.current).toBe(counted!.drivers);
  });

  it('roaming shows an invited partner and a suspended one with its party and delivered pushes, with nothing left to send', async () => {
    const { partners } = (await get('/web/roaming/partners')) as { partners: RoamingPartner[] };
    expect(
      partners.map(({ status, countryCode, partyId }) => ({ status, countryCode, partyId })).sort((a, b) => a.status.localeCompare(b.status)),
    ).toEqual([
      { status: 'PENDING', countryCode: null, partyId: null },
      { status: 'SUSPENDED', countryCode: 'NL', partyId: 'EMS' },
    ]);
    const suspended = partners.find((partner) => partner.status === 'SUSPENDED')!;
    const history = (await get(`/web/roaming/partners/${suspended.id}/pushes?state=delivered`)) as { total: number };
    expect(history.total).toBeGreaterThan(0);
    // No push waits for anybody: the demo has no network to send it over.
    expect(partners.map((partner) => partner.pendingPushes)).toEqual([0, 0]);
    const [published] = rowsOf<{ count: number }>(
      await t.database.db.execute(sql`select count(*)::int as count from locations where publish_to_roaming`),
    );
    expect(published!.count).toBe(2);
  });
});
