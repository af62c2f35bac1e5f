import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue.ts';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createKeyedQueue', () => {
  it('runs one key’s tasks in order, other keys beside them, and goes on after a failure', async () => {
    const queue = createKeyedQueue();
    const events: string[] = [];
    const task =
      (name: string, ms: number, fail = false) =>
      async () => {
        events.push(`${name} start`);
        await later(ms);
        events.push(`${name} end`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    const first = queue.run('a', task('a1', 30, true));
    const second = queue.run('a', task('a2', 1));
    const other = queue.run('b', task('b1', 1));
    await expect(first).rejects.toThrow('a1 failed');
    await expect(second).resolves.toBe('a2');
    await expect(other).resolves.toBe('b1');
    await queue.idle();
    // b1 ran while a1 was still running; a2 waited for a1 although a1 failed.
    expect(events.indexOf('b1 end')).toBeLessThan(events.indexOf('a1 end'));
    expect(events.indexOf('a2 start')).toBeGreaterThan(events.indexOf('a1 end'));
  });
});
