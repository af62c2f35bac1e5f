import { setTimeout as sleep } from 'node:timers/promises';
import type { StepResult } from './ocpp-report.ts';
import { superAdminToken } from './seed-chargers.ts';
import { ascending, count as n, percentile } from './stats.ts';

export type DashboardReads = { latencies: number[]; failures: number };
export type ReadDashboard = (seconds: number) => Promise<DashboardReads>;

/**
 * Issue 18's "a dashboard read under that load ≤ 2× its idle latency": a host opening the overview (every
 * location in reach, the last 7 days) while the chargers talk to the same server. Reads go one after another at
 * `perSecond` at most (one a second: a host refreshing it, not a load of its own; at four a second its
 * statements kept PGlite busy a quarter of the time and Authorize waited behind them); timed from the bench's thread, whose own lag the
 * report prints beside.
 */
const dashboardReader = async (baseUrl: string): Promise<ReadDashboard> => {
  let token = await superAdminToken(baseUrl);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const path = `/web/dashboard/overview?from=${day(-6)}&to=${day(0)}&dayFilter=all-days`;
  const read = async (seconds: number, perSecond = 1): Promise<DashboardReads> => {
    const latencies: number[] = [];
    let failures = 0;
    const until = performance.now() + seconds * 1000;
    while (performance.now() < until) {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        if (response.status === 200) latencies.push(performance.now() - started);
        // An access token outlives a step but not a whole run of them.
        else if (response.status === 401) token = await superAdminToken(baseUrl);
        else failures += 1;
      } catch {
        failures += 1;
      }
      await sleep(Math.max(0, 1000 / perSecond - (performance.now() - started)));
    }
    return { latencies, failures };
  };
  return read;
};

/** A dashboard read under the fleet's load against the same read with no charger connected (median). */
const DASHBOARD_RATIO_BAR = 2;

export type DashboardProbe = { read: ReadDashboard; idle: DashboardReads };

/** Signs in, reads the overview for `idleSeconds` with no charger connected, prints that, and returns the reader for the holds. */
export const startDashboardProbe = async (baseUrl: string, idleSeconds: number): Promise<DashboardProbe> => {
  const read = await dashboardReader(baseUrl);
  const idle = await read(idleSeconds);
  console.log(
    `  dashboard overview with no charger connected: p50 ${percentile(ascending(idle.latencies), 50).toFixed(1)} ms, ` +
      `p99 ${percentile(ascending(idle.latencies), 99).toFixed(1)} ms (${n(idle.latencies.length)} reads)`,
  );
  return { read, idle };
};

/** Prints the verdict of the dashboard-read bar over the steps that read it, and returns it. */
export const judgeDashboardReads = (
  idle: DashboardReads | undefined,
  results: readonly Pick<StepResult, 'chargers' | 'dashboardP50' | 'dashboardFailures'>[],
): boolean => {
  const idleP50 = percentile(ascending(idle?.latencies), 50);
  const read = results.filter((result) => result.dashboardP50 > 0);
  const pass =
    idleP50 > 0 && read.length > 0 && read.every((result) => result.dashboardP50 <= DASHBOARD_RATIO_BAR * idleP50 && result.dashboardFailures === 0);
  console.log(
    `Dashboard read under load: ${pass ? 'PASS' : 'FAIL'} (overview p50 ${idleP50.toFixed(1)} ms idle; ` +
      `${read.map((r) => `${r.dashboardP50.toFixed(1)} ms (${(r.dashboardP50 / idleP50).toFixed(2)}×) at ${n(r.chargers)} chargers`).join(', ')}; bar ≤ ${DASHBOARD_RATIO_BAR}× idle)`,
  );
  return pass;
};
