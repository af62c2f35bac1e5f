import { monitorEventLoopDelay } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

/**
 * This thread's event-loop lag from now until `p99()` is asked. Node's histogram records the time between its
 * samples, so every value holds the 10 ms sampling interval (an idle loop reads p50 ≈ 10.1 ms); that interval is
 * taken out, leaving how late the loop was.
 */
export const watchLoopLag = () => {
  const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  histogram.enable();
  return {
    p99: (): number => {
      histogram.disable();
      return Math.max(0, histogram.percentile(99) / 1e6 - RESOLUTION_MS);
    },
    /** The longest the loop was late (after `p99()`, which stops the watch). */
    max: (): number => Math.max(0, histogram.max / 1e6 - RESOLUTION_MS),
  };
};
