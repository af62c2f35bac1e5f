import os from 'node:os';
import type { BenchFleet } from './ocpp-fleet.ts';
import type { HoldUsage } from './process-stats.ts';
import { count as n, printTable } from './stats.ts';

/** One step of the OCPP load benchmark: the fleet at a size, and what a hold at that size measured. */
export type StepResult = HoldUsage & {
  chargers: number;
  connected: number;
  rampSeconds: number;
  messagesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
  disconnects: number;
  benchLagP99: number;
  /** The Authorize probe thread's own event-loop lag (it is counted in the Authorize figures). */
  probeLagP99: number;
  authorizeCount: number;
  authorizeP50: number;
  authorizeP99: number;
  /** The dashboard overview read during the hold (dashboard-probe.ts). */
  dashboardP50: number;
  dashboardP99: number;
  dashboardFailures: number;
  /** The Authorize answers by status: "Accepted 1,234, Invalid 120". */
  authorizeStatuses: string;
  holds: boolean;
};

export type ReportContext = {
  engine: string;
  heartbeatSeconds: number;
  meterSeconds: number;
  holdSeconds: number;
  drivers: number;
  authorizeBarMs: number;
};

/** The steps side by side, one row each, with what the columns mean. */
export const printResults = (context: ReportContext, results: StepResult[]) => {
  console.log(
    `\n${context.engine}: one API process; per charger a heartbeat every ${context.heartbeatSeconds} s and MeterValues every ${context.meterSeconds} s; ${context.holdSeconds} s held per step`,
  );
  const header = [
    'chargers',
    'connected',
    'msgs/s',
    'p50 ms',
    'p99 ms',
    'max ms',
    'failed',
    'drops',
    'RSS MiB',
    'CPU % server/bench/other',
    'bench lag p99',
    'probe lag p99',
    'Authorize n',
    'Authorize p50/p99 ms',
    'overview p50/p99 ms',
    '',
  ];
  printTable(
    header,
    results.map((r) => [
      n(r.chargers),
      n(r.connected),
      r.messagesPerSecond.toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.max.toFixed(0),
      n(r.failures),
      n(r.disconnects),
      (r.rssMaxBytes / 1024 ** 2).toFixed(0),
      `${r.serverCpuPercent.toFixed(0)}/${r.benchCpuPercent.toFixed(0)}/${r.otherCpuPercent.toFixed(0)}`,
      `${r.benchLagP99.toFixed(1)} ms`,
      `${r.probeLagP99.toFixed(1)} ms`,
      n(r.authorizeCount),
      `${r.authorizeP50.toFixed(1)}/${r.authorizeP99.toFixed(1)}`,
      `${r.dashboardP50.toFixed(0)}/${r.dashboardP99.toFixed(0)}${r.dashboardFailures ? ` (${n(r.dashboardFailures)} failed)` : ''}`,
      r.holds ? 'ok' : 'FAIL',
    ]),
  );
  console.log("  (latency: request→answer of Heartbeat and MeterValues as the chargers saw it; RSS: the server's peak VmRSS during the hold;");
  console.log(
    `   CPU: % of one core, ${os.cpus().length} cores in all; "other" is the rest of the machine — when it is high, the numbers are not the server's alone)`,
  );
  console.log(
    `  (Authorize: timed from its own thread's chargers at the rate given; ${n(context.drivers)} drivers with a tag each at one location; answers ${results.map((r) => `[${r.authorizeStatuses}]`).join(' ')}; bar p99 ≤ ${context.authorizeBarMs} ms)`,
  );
  if (results.some((r) => r.otherCpuPercent > 20))
    console.log('  WARNING: other processes used noticeable CPU during a hold; rerun on a quiet machine for numbers that count.');
};

/** Why chargers failed to set up, and what failed in the background during holds, with counts. */
export const printFailures = (fleet: BenchFleet) => {
  if (fleet.setupFailures.size) {
    console.log('\n  chargers that failed to connect or start a session:');
    for (const [message, times] of fleet.setupFailures) console.log(`    ${n(times)} × ${message}`);
  }
  if (fleet.hold.errors.size) {
    console.log('\n  background failures during holds:');
    for (const [message, times] of fleet.hold.errors) console.log(`    ${n(times)} × ${message}`);
  }
};
