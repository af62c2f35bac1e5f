import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job made of passes (reservations, firmware campaigns): `tick` runs one pass; a call while one runs
 * makes one more pass after it, so no change waits for the timer, and two passes never overlap.
 */
export type PassOutcome = 'success' | 'failure';

export const createPeriodicPass = (pass: () => Promise<void>, log: FastifyBaseLogger, failure: string) => {
  let running: Promise<void> | undefined;
  let again = false;
  let observer: ((outcome: PassOutcome) => void) | undefined;
  const observed = async () => {
    try {
      await pass();
    } catch (error) {
      observer?.('failure');
      throw error;
    }
    observer?.('success');
  };
  const tick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await observed();
        } while (again && !stopped);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  let stopped = false;
  const kick = () => {
    if (!stopped) void tick().catch((error: unknown) => log.warn({ err: error }, failure));
  };
  let soon: NodeJS.Timeout | undefined;
  /** No pass starts after this; answers once the pass under way (if any) has ended, so a drain can wait for it. */
  const stop = async (): Promise<void> => {
    stopped = true;
    clearTimeout(soon);
    await running?.catch(() => undefined);
  };

  return {
    tick,
    kick,
    /** Told how each pass ended (metrics: a job's last success and its failures). */
    observe: (listener: (outcome: PassOutcome) => void) => {
      observer = listener;
    },
    /**
     * One pass within `delayMs`, however many ask in between: a fleet reconnecting (tens of chargers a second) makes
     * a pass a second, not a pass per charger back to back for the whole ramp.
     */
    kickSoon: (delayMs: number) => {
      if (soon || stopped) return;
      soon = setTimeout(() => {
        soon = undefined;
        kick();
      }, delayMs);
      soon.unref();
    },
    /** Runs every `intervalMs` (0: never, e.g. in tests that call tick themselves); answers the stop. */
    start: (intervalMs: number) => {
      if (intervalMs <= 0) return stop;
      const timer = setInterval(kick, intervalMs);
      timer.unref();
      return () => {
        clearInterval(timer);
        return stop();
      };
    },
  };
};
