import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBatchedLookup, createGroupCommit } from './group-commit.ts';

/** A writer that takes `ms` per write and records the batches it was given. */
const slowWriter = (ms: number, fail?: (item: number) => boolean) => {
  const batches: number[][] = [];
  const write = async (items: number[]) => {
    batches.push(items);
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (fail && items.some(fail)) throw new Error(`bad item in ${items.join(',')}`);
    return items.map((item) => item * 10);
  };
  return { batches, write };
};

describe('group commit', () => {
  afterEach(() => vi.useRealTimers());

  it('writes items that queue behind a write in one batch, answering each caller its own result', async () => {
    const { batches, write } = slowWriter(20);
    const commit = createGroupCommit(write);
    const first = commit.add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rest = [2, 3, 4, 5].map((item) => commit.add(item));
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('fails only the caller whose item is bad: a failed batch is retried one item at a time', async () => {
    const { batches, write } = slowWriter(1, (item) => item === 3);
    const commit = createGroupCommit(write);
    const outcomes = await Promise.allSettled([1, 2, 3, 4].map((item) => commit.add(item)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(batches[0]).toEqual([1, 2, 3, 4]);
    expect(batches.slice(1)).toEqual([[1], [2], [3], [4]]);
  });

  it('caps a batch and reports idle only once everything added is written', async () => {
    const { batches, write } = slowWriter(2);
    const commit = createGroupCommit(write, { maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((item) => commit.add(item));
    await commit.idle();
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
  });

  it('with a round interval, writes a lone item at once and a steady stream a round at a time', async () => {
    vi.useFakeTimers();
    const { batches, write } = slowWriter(2);
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
    const lookup = createBatchedLookup(async (keys: string[]) => {
      rounds.push(keys);
      await new Promise((resolve) => setTimeout(resolve, 10));
      return new Map(keys.filter((key) => key !== 'missing').map((key) => [key, key.toUpperCase()]));
    });
    const first = lookup.get('a');
    await new Promise((resolve) => setTimeout(resolve, 2));
    const rest = ['b', 'missing', 'c'].map((key) => lookup.get(key));
    expect(await Promise.all([first, ...rest])).toEqual(['A', 'B', undefined, 'C']);
    expect(rounds).toEqual([['a'], ['b', 'missing', 'c']]);
  });
});
