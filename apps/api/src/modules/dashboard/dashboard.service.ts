import type { DashboardOverview, DashboardRange, Figure, MoneyFigure, ResellerRevenue } from '@wattdesk/shared';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../lib/fastify-types.ts';
import { assertLocationAccess, locationScope } from '../../lib/location-access.ts';
import { previousOf, type Scope } from '../../db/rollup-scope.ts';
import type { LedgerService } from '../payouts/ledger.service.ts';
import * as repo from './dashboard.repository.ts';

const RANKED = 5;
const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : 0);
const figure = (current: number, previous: number | null): Figure => ({ current, previous });

/** Each currency seen in either period, largest now first. */
const moneyFigures = (now: repo.Totals['revenue'], before: repo.Totals['revenue']): MoneyFigure[] =>
  [...new Set([...now, ...before].map((r) => r.currency))]
    .map((currency) => ({
      currency,
      current: now.find((r) => r.currency === currency)?.amount ?? 0,
      previous: before.find((r) => r.currency === currency)?.amount ?? 0,
    }))
    .sort((a, b) => b.current - a.current || a.currency.localeCompare(b.currency));

const isoWeekday = (day: string) => ((new Date(Date.parse(day)).getUTCDay() + 6) % 7) + 1;
const passes = (day: string, dayFilter: Scope['dayFilter']) =>
  dayFilter === 'all-days' || (dayFilter === 'weekdays' ? isoWeekday(day) <= 5 : isoWeekday(day) >= 6);

/** The dates (YYYY-MM-DD) from `from` to `last` that pass the Day filter. */
const filteredDays = (scope: Scope, last = scope.to): string[] => {
  const days: string[] = [];
  for (let at = Date.parse(scope.from); at <= Date.parse(last); at += 86_400_000) {
    const day = new Date(at).toISOString().slice(0, 10);
    if (passes(day, scope.dayFilter)) days.push(day);
  }
  return days;
};

/** Days of the range (up to today) per ISO weekday, after the Day filter: the heat map's denominators. */
const weekdayCounts = (scope: Scope): Map<number, number> => {
  const counts = new Map<number, number>();
  const today = scope.now.toISOString().slice(0, 10);
  for (const day of filteredDays(scope, scope.to < today ? scope.to : today)) counts.set(isoWeekday(day), (counts.get(isoWeekday(day)) ?? 0) + 1);
  return counts;
};

/** What the dashboard reads of the payouts ledger (decision 056): the reseller share is the one payouts split. */
export type ResellerLedger = Pick<LedgerService, 'resellerShares' | 'resellerBpsNow'>;

export const createDashboardService = ({ db, now, ledger }: { db: Database; now: () => Date; ledger: ResellerLedger }) => {
  const scopeOf = (auth: AuthContext, query: DashboardRange): Scope => {
    if (query.locationId) assertLocationAccess(auth, query.locationId);
    return {
      locationIds: query.locationId ? [query.locationId] : locationScope(auth),
      from: query.from,
      to: query.to,
      dayFilter: query.dayFilter,
      now: now(),
    };
  };

  const figuresOf = (a: repo.Totals & repo.FleetTime, b: repo.Totals & repo.FleetTime): DashboardOverview['figures'] => ({
    energyWh: figure(a.energyWh, b.energyWh),
    sessions: figure(a.sessions, b.sessions),
    revenue: moneyFigures(a.revenue, b.revenue),
    avgEnergyWh: figure(ratio(a.energyWh, a.sessions), b.sessions ? ratio(b.energyWh, b.sessions) : null),
    avgDurationSeconds: figure(ratio(a.sessionSeconds, a.sessions), b.sessions ? ratio(b.sessionSeconds, b.sessions) : null),
    utilisation: figure(ratio(a.usedSeconds, a.connectorSeconds), b.connectorSeconds ? ratio(b.usedSeconds, b.connectorSeconds) : null),
    uptime: figure(ratio(a.onlineSeconds, a.chargerSeconds), b.chargerSeconds ? ratio(b.onlineSeconds, b.chargerSeconds) : null),
    idleSeconds: figure(a.idleSeconds, b.idleSeconds),
    violations: figure(a.violations, b.violations),
    uniqueDrivers: figure(a.uniqueDrivers, b.uniqueDrivers),
  });

  const heatMapOf = (scope: Scope, hours: Awaited<ReturnType<typeof repo.hourlyUse>>, connectors: number) => {
    const days = weekdayCounts(scope);
    return hours
      .map((cell) => ({
        weekday: cell.weekday,
        hour: cell.hour,
        utilisation: ratio(cell.seconds, connectors * 3600 * (days.get(cell.weekday) ?? 0)),
      }))
      .sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  };

  /** Every local day of the range that passes the Day filter, zeros where nothing happened. */
  const seriesOf = (scope: Scope, rows: repo.DayRow[]) => {
    const byDay = new Map<string, DashboardOverview['series'][number]>();
    for (const day of filteredDays(scope)) byDay.set(day, { day, energyWh: 0, sessions: 0, revenue: [] });
    for (const row of rows) {
      const day = byDay.get(row.day) ?? { day: row.day, energyWh: 0, sessions: 0, revenue: [] };
      day.energyWh += row.energyWh;
      day.sessions += row.sessions;
      day.revenue.push({ currency: row.currency, amount: row.revenue });
      byDay.set(row.day, day);
    }
    return [...byDay.values()];
  };

  /** Top and bottom chargers; a recent range of the whole network is kept as a row per charger (decision 057). */
  const ranking = async (scope: Scope) => {
    const kept = repo.keepsRange(scope);
    if (kept) await repo.keepRange(db, scope);
    return repo.rankedChargers(db, scope, RANKED, { kept });
  };

  const overview = async (auth: AuthContext, query: DashboardRange): Promise<DashboardOverview> => {
    const scope = scopeOf(auth, query);
    const before = previousOf(scope);
    // Independent reads: on PostgreSQL they run side by side on the pool (decision 057); PGlite queues them.
    const [current, previous, timeZone, hours, fleet, ranked, connectorTypes] = await Promise.all([
      // The period's used time is the sum of the heat map's hours (same rows, same days): read once, not twice.
      repo.totals(db, scope, { usedSeconds: false }),
      repo.totals(db, before),
      query.locationId ? repo.locationZone(db, query.locationId) : null,
      repo.hourlyUse(db, scope),
      repo.fleetTime(db, scope, before),
      ranking(scope),
      repo.connectorTypes(db, scope),
    ]);
    const usedSeconds = hours.reduce((sum, cell) => sum + cell.seconds, 0);
    return {
      from: scope.from,
      to: scope.to,
      previousFrom: before.from,
      previousTo: before.to,
      dayFilter: scope.dayFilter,
      timeZone,
      figures: figuresOf({ ...current, ...fleet.current, usedSeconds }, { ...previous, ...fleet.previous }),
      series: seriesOf(scope, current.days),
      heatMap: heatMapOf(scope, hours, fleet.connectors),
      topChargers: ranked.top,
      bottomChargers: ranked.bottom,
      connectorTypes,
    };
  };

  /**
   * What the reseller locations in reach earned and the reseller's share of it, both as the payouts ledger
   * recorded them for the sessions of the range (the revenue share in force when each was priced), so this
   * and the payouts screens agree to the cent.
   */
  const resellerRevenue = async (auth: AuthContext, query: DashboardRange): Promise<ResellerRevenue> => {
    const scope = scopeOf(auth, query);
    const places = await repo.resellerLocations(db, scope);
    const sums = await ledger.resellerShares({ ...scope, locationIds: places.map((p) => p.locationId) });
    const locations: ResellerRevenue['locations'] = [];
    for (const place of places) {
      const mine = sums.filter((row) => row.locationId === place.locationId);
      const shareBps = await ledger.resellerBpsNow(place.locationId);
      const currencies = mine.length ? mine : [{ currency: place.currency, revenue: 0, share: 0 }];
      for (const row of currencies) locations.push({ ...place, currency: row.currency, revenue: row.revenue, share: row.share, shareBps });
    }
    locations.sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name));
    const totals = new Map<string, { currency: string; revenue: number; share: number }>();
    for (const row of locations) {
      const total = totals.get(row.currency) ?? { currency: row.currency, revenue: 0, share: 0 };
      totals.set(row.currency, { currency: row.currency, revenue: total.revenue + row.revenue, share: total.share + row.share });
    }
    return { locations, totals: [...totals.values()] };
  };

  return { overview, resellerRevenue };
};
export type DashboardService = ReturnType<typeof createDashboardService>;
