import { setTimeout as sleep } from 'node:timers/promises';
import { superAdminToken } from './seed-chargers.ts';

export type DashboardReads = { latencies: number[]; failures: number };

/**
 * Issue 18's "a dashboard read under that load ≤ 2× its idle latency": a host opening the overview (every
 * location in reach, the last 7 days) while the chargers talk to the same server. Reads go one after another at
 * `perSecond` at most (one a second: a host refreshing it, not a load of its own; at four a second its
 * statements kept PGlite busy a quarter of the time and Authorize waited behind them); timed from the bench's thread, whose own lag the
 * report prints beside.
 */
export const dashboardReader = async (baseUrl: string) => {
  let token = await superAdminToken(baseUrl);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const path = `/web/dashboard/overview?from=${day(-6)}&to=${day(0)}&dayFilter=all-days`;
  return async (seconds: number, perSecond = 1): Promise<DashboardReads> => {
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
};
