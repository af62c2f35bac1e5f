/**
 * Honest verdicts (issue 18): a benchmark on a shared 2-core machine measures the neighbours as much as the
 * product. Every bench prints the load average at its start and end, and gives no PASS/FAIL when the machine
 * was busy before it began or the load generator itself was starved; it says so instead (exit code 2).
 */
import { availableParallelism, loadavg } from 'node:os';

const cores = availableParallelism();
/** Load per core above which the run measures the neighbours (BENCH_MAX_LOAD_PER_CORE, default 0.7). */
const MAX_LOAD_PER_CORE = Number(process.env.BENCH_MAX_LOAD_PER_CORE ?? 0.7);
const INCONCLUSIVE_EXIT = 2;

const oneMinute = () => loadavg()[0]!;
const describe = () => {
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(2));
  return `load average ${one} / ${five} / ${fifteen} (1 / 5 / 15 min) on ${cores} cores`;
};

const startLoad = oneMinute();
console.log(`Machine at start: ${describe()}`);

const starvedReasons: string[] = [];

/** Records that the load generator could not do its own part (e.g. a bare route below its floor). */
export const markStarved = (reason: string) => starvedReasons.push(reason);

/**
 * Prints the machine at the end and the verdict: PASS / FAIL, or NO VERDICT with the reason when the machine was
 * busy or the generator starved. Sets the exit code (0 pass, 1 fail, 2 no verdict).
 */
export const finish = (pass: boolean, bar: string, { timed = true }: { timed?: boolean } = {}) => {
  console.log(`Machine at end: ${describe()}`);
  const reasons = [...starvedReasons];
  // Sizes and counts do not depend on the machine's load; only timed figures do.
  if (timed && startLoad / cores > MAX_LOAD_PER_CORE) {
    reasons.push(`the machine was busy before the run (1-min load ${startLoad.toFixed(2)} > ${(MAX_LOAD_PER_CORE * cores).toFixed(2)})`);
  }
  if (reasons.length > 0) {
    console.log(`NO VERDICT (${bar}): ${reasons.join('; ')}. The figures above measure the neighbours; run again on a quiet machine.`);
    process.exitCode = INCONCLUSIVE_EXIT;
    return;
  }
  console.log(`${pass ? 'PASS' : 'FAIL'} (${bar})`);
  process.exitCode = pass ? 0 : 1;
};
