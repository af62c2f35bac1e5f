import { gate } from '../../test/gate.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchedLookup, createGroupCommit } from './group-commit.ts';

/**
 * A writer that records the batches it was given; each write waits for `until` (a gate the test opens, or the
 * fake clock), so a write is in flight for exactly as long as the test needs.
 */
const slowWriter = (until: () => Promise<unknown> = () => Promise.resolve(), fail?: (item: number) => boolean) => {
  const batches: number[][] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await until();
    if (fail && items.some(fail)) throw new Error(`bad item in ${items.join(',')}`);
    return items.map((item) => item * 10);
  };
  return { batches, write };
};

describe('group commit', () => {
  afterEach(() => vi.useRealTimers());

  it('writes items that queue behind a write in one batch, answering each caller its own result', async () => {
    const firstWrite = gate();
    const { batches, write } = slowWriter(() => firstWrite.opened);
    const commit = createGroupCommit(write);
    const first = commit.add(1);
    await vi.waitFor(() => expect(batches).toEqual([[1]]));
    const rest = [2, 3, 4, 5].map((item) => commit.add(item));
    firstWrite.open();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('fails only the caller whose item is bad: a failed batch is retried one item at a time', async () => {
    const { batches, write } = slowWriter(undefined, (item) => item === 3);
    const commit = createGroupCommit(write);
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((item) => commit.add(item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(batches[0]).toEqual([1, 2, 3, 4]);
    expect(batches.slice(1)).toEqual([[1], [2], [3], [4]]);
  });

  it('caps a batch and reports idle only once everything added is written', async () => {
    const { batches, write } = slowWriter();
    const commit = createGroupCommit(write, { maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((item) => commit.add(item));
    await commit.idle();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  });

  it('with a round interval, writes a lone item at once and a steady stream a round at a time', async () => {
    vi.useFakeTimers();
    // Each write takes 2 ms of the fake clock.
    const { batches, write } = slowWriter(() => new Promise((resolve) => setTimeout(resolve, 2)));
    const commit = createGroupCommit(write, { roundEveryMs: 100 });
    const written: number[] = [];
    // An item every 10 ms for half a second: without the interval each would find the writer idle and go alone.
    for (let item = 0; item < 50; item += 1) {
      void commit.add(item).then(() => written.push(item));
      await vi.advanceTimersByTimeAsync(10);
      if (item === 0) expect(written).toEqual([0]);
    }
    await vi.advanceTimersByTimeAsync(200);
    await commit.idle();
    expect(written).toEqual(Array.from({ length: 50 }, (_, item) => item));
    expect(batches[0]).toEqual([0]);
    expect(batches.length).toBeLessThanOrEqual(7);
    expect(batches.flat()).toEqual(written);
  });

  it('looks keys up in rounds, answering each caller its own value and undefined for a key not found', async () => {
    const rounds: string[][] = [];
    const firstRound = gate();
    const lookup = createBatchedLookup(async (keys: string[]) => {
      rounds.push(keys);
      await firstRound.opened;
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
    });
    const first = lookup.get('a');
    await vi.waitFor(() => expect(rounds).toEqual([['a']]));
    const rest = ['b', 'missing', 'c'].map((key) => lookup.get(key));
    firstRound.open();
    expect(await Promise.all([first, ...rest])).toEqual(['A', 'B', undefined, 'C']);
    expect(rounds).toEqual([['a'], ['b', 'missing', 'c']]);
  });
});
