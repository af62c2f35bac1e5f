import { gate } from '../../test/gate.ts';
import { describe, expect, it } from 'vitest';
import { createKeyedQueue } from './keyed-queue.ts';

describe('createKeyedQueue', () => {
  it('runs one key’s tasks in order, other keys beside them, and goes on after a failure', async () => {
    const queue = createKeyedQueue();
    const events: string[] = [];
    const task =
      (name: string, until: Promise<void> = Promise.resolve(), fail = false) =>
      async () => {
        events.push(`${name} start`);
        await until;
        events.push(`${name} end`);
        if (fail) throw new Error(`${name} failed`);
        return name;
      };
    // a1 runs until the test lets it finish: everything below happens while it is still running.
    const a1 = gate();
    const first = queue.run('a', task('a1', a1.opened, true));
    const second = queue.run('a', task('a2'));
    const other = queue.run('b', task('b1'));
    await expect(other).resolves.toBe('b1');
    expect(events).toEqual(['a1 start', 'b1 start', 'b1 end']);
    a1.open();
    await expect(first).rejects.toThrow('a1 failed');
    await expect(second).resolves.toBe('a2');
    await queue.idle();
    // a2 waited for a1 although a1 failed.
    expect(events.slice(3)).toEqual(['a1 end', 'a2 start', 'a2 end']);
  });
});
