import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Coalescer } from './coalescer.ts';

describe('Coalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands the first item over at once, then at most one batch per interval with duplicates merged', () => {
    const batches: string[][] = [];
    const coalescer = new Coalescer<string>(
      (items) => batches.push(items),
      300,
      (item) => item,
    );
    coalescer.push('a');
    expect(batches).toEqual([['a']]);
    coalescer.push('b');
    coalescer.push('c');
    coalescer.push('b');
    vi.advanceTimersByTime(299);
    expect(batches).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('a burst of a hundred events costs two batches', () => {
    const flush = vi.fn();
    const coalescer = new Coalescer<{ id: string }>(flush, 300, (item) => item.id);
    for (let n = 0; n < 100; n += 1) {
      coalescer.push({ id: `charger-${n % 7}` });
      vi.advanceTimersByTime(2);
    }
    vi.advanceTimersByTime(300);
    expect(flush).toHaveBeenCalledTimes(2);
    expect(flush.mock.calls[1]?.[0]).toHaveLength(7);
  });

  it('goes out at once again after a quiet interval', () => {
    const flush = vi.fn();
    const coalescer = new Coalescer<string>(flush, 300);
    coalescer.push('a');
    vi.advanceTimersByTime(1000);
    coalescer.push('b');
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('cancel drops what is pending', () => {
    const flush = vi.fn();
    const coalescer = new Coalescer<string>(flush, 300);
    coalescer.push('a');
    coalescer.push('b');
    coalescer.cancel();
    vi.advanceTimersByTime(1000);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
