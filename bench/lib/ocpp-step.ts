import { setTimeout as sleep } from 'node:timers/promises';
import type { ProductProcess } from '@wattdesk/test-support';
import type { AuthorizeProbe } from './authorize-probe.ts';
import type { ReadDashboard } from './dashboard-probe.ts';
import { watchLoopLag } from './loop-lag.ts';
import type { BenchFleet } from './ocpp-fleet.ts';
import type { StepResult } from './ocpp-report.ts';
import { holdAndMeasure } from './process-stats.ts';
import { ascending, count as n, percentile } from './stats.ts';

/** A step holds when its p99 is under this and the server's RSS under STEP_RSS_BAR_BYTES (issue 18's bars). */
export const STEP_P99_BAR_MS = 100;
export const STEP_RSS_BAR_BYTES = 1024 ** 3;

export type StepParts = { server: ProductProcess; fleet: BenchFleet; probe: AuthorizeProbe; read: ReadDashboard };
export type StepSettings = { holdS: number; settleS: number; authorizeRate: number };

/**
 * One step of the OCPP load bench (ocpp-load.ts): ramps the fleet to `target` chargers, lets it settle, then holds
 * while the Authorize probe and the dashboard read run beside it, and measures what the chargers saw.
 */
export const runStep = async (
  { server, fleet, probe, read }: StepParts,
  target: number,
  { holdS, settleS, authorizeRate }: StepSettings,
): Promise<StepResult> => {
  const alreadyConnected = fleet.chargers.length;
  const rampSeconds = await fleet.rampTo(target);
  const median = (values: number[] | undefined) => percentile(ascending(values), 50).toFixed(0);
  console.log(
    `  ${n(target)} chargers: ramped ${n(target - alreadyConnected)} in ${rampSeconds.toFixed(1)} s ` +
      `(setup p50 ${median(fleet.setupTotals)} ms, p99 ${percentile(ascending(fleet.setupTotals), 99).toFixed(0)} ms; ` +
      `median Boot ${median(fleet.setupCalls.get('BootNotification'))}, ` +
      `Status ${median(fleet.setupCalls.get('StatusNotification'))}, Start ${median(fleet.setupCalls.get('StartTransaction'))} ms)`,
  );
  process.stdout.write(`  ${' '.repeat(n(target).length)}           settling ${settleS} s, holding ${holdS} s…`);
  await sleep(settleS * 1000);

  fleet.hold.start();
  const lag = watchLoopLag();
  const probing = probe.probe(holdS * 1000, authorizeRate);
  const reading = read(holdS);
  const usage = await holdAndMeasure(server.child.pid!, holdS);
  const authorize = await probing;
  const dashboard = await reading;
  fleet.hold.recording = false;
  const benchLagP99 = lag.p99();

  const sorted = ascending(fleet.hold.latencies);
  const connected = fleet.connected;
  const p99 = percentile(sorted, 99);
  const failures = fleet.hold.failures + authorize.failures;
  const result: StepResult = {
    ...usage,
    chargers: target,
    connected,
    rampSeconds,
    messagesPerSecond: sorted.length / usage.seconds,
    p50: percentile(sorted, 50),
    p99,
    max: sorted.length ? sorted[sorted.length - 1]! : 0,
    failures,
    disconnects: fleet.hold.disconnects,
    benchLagP99,
    probeLagP99: authorize.lagP99,
    authorizeCount: authorize.latencies.length,
    authorizeP50: percentile(ascending(authorize.latencies), 50),
    authorizeP99: percentile(ascending(authorize.latencies), 99),
    dashboardP50: percentile(ascending(dashboard.latencies), 50),
    dashboardP99: percentile(ascending(dashboard.latencies), 99),
    dashboardFailures: dashboard.failures,
    authorizeStatuses: Object.entries(authorize.statuses)
      .map(([status, times]) => `${status} ${n(times)}`)
      .concat(authorize.failures ? [`failed ${n(authorize.failures)}`] : [])
      .join(', '),
    holds: connected === target && failures === 0 && p99 < STEP_P99_BAR_MS && usage.rssMaxBytes < STEP_RSS_BAR_BYTES,
  };
  process.stdout.write(result.holds ? ' holds\n' : ' does not hold\n');
  return result;
};
