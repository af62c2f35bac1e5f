import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createPeriodicPass } from './periodic-pass.ts';

const counting = () => {
  let passes = 0;
  const job = createPeriodicPass(
    async () => {
      passes += 1;
      await sleep(5);
    },
    Fastify().log,
    'pass failed',
  );
  return { job, passes: () => passes };
};

describe('a periodic pass asked for soon', () => {
  it('makes one pass for a burst of asks, and another for asks after it', async () => {
    const { job, passes } = counting();
    for (let ask = 0; ask < 50; ask += 1) job.kickSoon(30);
    expect(passes()).toBe(0);
    await sleep(120);
    expect(passes()).toBe(1);
    job.kickSoon(30);
    await sleep(120);
    expect(passes()).toBe(2);
  });

  it('makes none once stopped', async () => {
    const { job, passes } = counting();
    job.kickSoon(30);
    job.start(0)();
    job.kickSoon(30);
    await sleep(120);
    expect(passes()).toBe(0);
  });
});
