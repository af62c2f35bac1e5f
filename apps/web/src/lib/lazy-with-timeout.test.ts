import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadTimeoutError, withTimeout } from './lazy-with-timeout.ts';

afterEach(() => vi.useRealTimers());

describe('code chunk loading (spec section 9: 120000 ms)', () => {
  it('gives up after 120 s with an error the error boundary can offer a retry for', async () => {
    vi.useFakeTimers();
    const outcome = withTimeout(() => new Promise<never>(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(119_999);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBeInstanceOf(ChunkLoadTimeoutError);
  });

  it('passes a chunk that arrives in time, and a load failure, through unchanged', async () => {
    expect(await withTimeout(async () => ({ default: 'chunk' }))).toEqual({ default: 'chunk' });
    await expect(withTimeout(() => Promise.reject(new Error('404 chunk')))).rejects.toThrow('404 chunk');
  });
});
