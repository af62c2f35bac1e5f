import { AppError } from '@wattdesk/shared';
import { LoadShedder, OverloadedError } from './load-shedder.ts';

export type PasswordQueueOptions = {
  /** argon2 verifications at once: each takes ~19 MiB and tens of milliseconds of a core. */
  concurrency: number;
  /** How many more may wait; beyond, 503 at once. */
  maxQueue: number;
  /** How many of the working and waiting places one address may hold; beyond, 429 at once. */
  perAddress: number;
  queueTimeoutMs?: number;
};

const RETRY_AFTER = { 'retry-after': '1' };

/**
 * Sign-ins have their own small line instead of the database's admission queue: a flood of them waits
 * here (or is refused) without taking the places signed-in reads need, and one address can hold only a
 * few places, so a flood from one address does not turn away everyone else's sign-ins.
 */
export const createPasswordQueue = (options: PasswordQueueOptions) => {
  // A sign-in may wait a little longer than a read: it happens once per session. Past two seconds, 503.
  const shedder = new LoadShedder({
    maxConcurrent: options.concurrency,
    maxQueue: options.maxQueue,
    targetWaitMs: 500,
    intervalMs: 1000,
    maxWaitMs: options.queueTimeoutMs ?? 2000,
  });
  const byAddress = new Map<string, number>();

  const run = async <T>(address: string, work: () => Promise<T>): Promise<T> => {
    const held = byAddress.get(address) ?? 0;
    if (held >= options.perAddress) throw new AppError('SIGN_IN_BUSY', { headers: RETRY_AFTER });
    byAddress.set(address, held + 1);
    try {
      try {
        await shedder.acquire();
      } catch (error) {
        if (error instanceof OverloadedError) throw new AppError('OVERLOADED', { headers: RETRY_AFTER });
        throw error;
      }
      try {
        return await work();
      } finally {
        shedder.release();
      }
    } finally {
      const left = (byAddress.get(address) ?? 1) - 1;
      if (left > 0) byAddress.set(address, left);
      else byAddress.delete(address);
    }
  };

  return { run };
};

export type PasswordQueue = ReturnType<typeof createPasswordQueue>;
