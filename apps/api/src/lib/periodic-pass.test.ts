import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeriodicPass } from './periodic-pass.ts';

const counting = () => {
  let passes = 0;
  const job = createPeriodicPass(
    async () => {
      passes += 1;
    },
    Fastify().log,
    'pass failed',
  );
  return { job, passes: () => passes };
};

// The job's own timer is the subject: fake time moves it exactly, where real sleeps only hoped it had fired.
describe('a periodic pass asked for soon', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('makes one pass for a burst of asks, within the delay, and another for asks after it', async () => {
    const { job, passes } = counting();
    for (let ask = 0; ask < 50; ask += 1) job.kickSoon(30);
    await vi.advanceTimersByTimeAsync(29);
    expect(passes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes()).toBe(1);
    job.kickSoon(30);
    await vi.advanceTimersByTimeAsync(30);
    expect(passes()).toBe(2);
  });

  it('makes none once stopped', async () => {
    const { job, passes } = counting();
    job.kickSoon(30);
    void job.start(0)();
    job.kickSoon(30);
    await vi.advanceTimersByTimeAsync(1000);
    expect(passes()).toBe(0);
  });
});

describe('a periodic pass stopped by a drain', () => {
  it('lets the pass under way finish, answers once it has, and starts no other, not even one asked for during it', async () => {
    let passes = 0;
    let finished = 0;
    let release: (() => void) | undefined;
    const job = createPeriodicPass(
      async () => {
        passes += 1;
        await new Promise<void>((resolve) => (release = resolve));
        finished += 1;
      },
      Fastify().log,
      'pass failed',
    );
    job.kick();
    await vi.waitFor(() => expect(release).toBeDefined());
    job.kick();
    let stopped = false;
    const stopping = job
      .start(0)()
      .then(() => {
        stopped = true;
      });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stopped).toBe(false);
    release!();
    await stopping;
    expect(finished).toBe(1);
    job.kick();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(passes).toBe(1);
  });
});
