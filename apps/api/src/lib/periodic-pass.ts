import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job made of passes (reservations, firmware campaigns): `tick` runs one pass; a call while one runs
 * makes one more pass after it, so no change waits for the timer, and two passes never overlap.
 */
export const createPeriodicPass = (pass: () => Promise<void>, log: FastifyBaseLogger, failure: string) => {
  let running: Promise<void> | undefined;
  let again = false;
  const tick = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const kick = () => void tick().catch((error: unknown) => log.warn({ err: error }, failure));

  return {
    tick,
    kick,
    /** Runs every `intervalMs` (0: never, e.g. in tests that call tick themselves); answers the stop. */
    start: (intervalMs: number) => {
      if (intervalMs <= 0) return () => undefined;
      const timer = setInterval(kick, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
};
