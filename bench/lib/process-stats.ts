import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** From /proc/<pid>: resident memory (bytes) and CPU time used so far (seconds). */
export const processStats = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKiB = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  // Fields after the command name: utime and stime are the 12th and 13th (clock ticks, 100 per second on Linux).
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const cpuSeconds = (Number(fields[11]) + Number(fields[12])) / 100;
  return { rssBytes: rssKiB * 1024, cpuSeconds };
};

/** Whole-machine busy CPU time so far (seconds), from /proc/stat: everything but idle and iowait. */
export const machineBusySeconds = () => {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const values = ticks.map(Number);
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return (total - values[3]! - values[4]!) / 100;
};

export type HoldUsage = {
  seconds: number;
  /** The server's peak resident memory during the hold, sampled every second. */
  rssMaxBytes: number;
  /** CPU as % of one core: the server, this benchmark process, and everything else on the machine. */
  serverCpuPercent: number;
  benchCpuPercent: number;
  otherCpuPercent: number;
};

/** Holds for `seconds` while sampling the server's RSS each second, and tells who used the CPU meanwhile. */
export const holdAndMeasure = async (serverPid: number, seconds: number): Promise<HoldUsage> => {
  const startStats = processStats(serverPid);
  const startBusy = machineBusySeconds();
  const startBench = process.cpuUsage();
  let rssMaxBytes = startStats.rssBytes;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    await sleep(1000);
    rssMaxBytes = Math.max(rssMaxBytes, processStats(serverPid).rssBytes);
  }
  const held = (performance.now() - started) / 1000;
  const endStats = processStats(serverPid);
  const benchCpu = process.cpuUsage(startBench);
  const benchSeconds = (benchCpu.user + benchCpu.system) / 1e6;
  const serverSeconds = endStats.cpuSeconds - startStats.cpuSeconds;
  const otherSeconds = Math.max(0, machineBusySeconds() - startBusy - serverSeconds - benchSeconds);
  return {
    seconds: held,
    rssMaxBytes: Math.max(rssMaxBytes, endStats.rssBytes),
    serverCpuPercent: (serverSeconds / held) * 100,
    benchCpuPercent: (benchSeconds / held) * 100,
    otherCpuPercent: (otherSeconds / held) * 100,
  };
};

/**
 * How long an idle server is watched before its resident memory counts as idle. A process just done with a burst
 * (starting, registering thousands of chargers) keeps its collector's slack until V8's memory reducer runs, some
 * seconds after allocation stops: with 5,010 chargers just registered, 423–458 MiB at once and 315–338 MiB 30–50 s
 * later (decision 066).
 */
export const IDLE_WATCH_S = 60;

/** The server's resident memory right away and after IDLE_WATCH_S with nothing asked of it. */
export const measureIdleRss = async (pid: number) => {
  const atOnceBytes = processStats(pid).rssBytes;
  await sleep(IDLE_WATCH_S * 1000);
  return { atOnceBytes, idleBytes: processStats(pid).rssBytes };
};
