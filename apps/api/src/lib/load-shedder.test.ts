import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadShedder, OverloadedError, type AdmissionPolicy } from './load-shedder.ts';

const policy: AdmissionPolicy = { maxConcurrent: 2, maxQueue: 100, targetWaitMs: 100, intervalMs: 500, maxWaitMs: 3000 };

/** Fake timers drive both the waiters' timeouts and the clock the queue measures waits with. */
const queue = (overrides: Partial<AdmissionPolicy> = {}) => new LoadShedder({ ...policy, ...overrides }, () => Date.now());
const settle = () => vi.advanceTimersByTimeAsync(0);
const outcome = (promise: Promise<void>) =>
  promise.then(
    () => 'admitted' as const,
    (error: unknown) => (error instanceof OverloadedError ? ('refused' as const) : ('failed' as const)),
  );

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('admission queue (CoDel-style)', () => {
  it('lets a long line wait its turn while it drains within the target: nobody is refused at light load', async () => {
    const shedder = queue();
    const results: Promise<string>[] = [];
    // Two working, forty in line; each request takes 2 ms, so nobody waits anywhere near 100 ms.
    for (let i = 0; i < 42; i += 1) results.push(outcome(shedder.acquire()));
    for (let served = 0; served < 42; served += 1) {
      await vi.advanceTimersByTimeAsync(2);
      shedder.release();
    }
    expect(await Promise.all(results)).toEqual(Array(42).fill('admitted'));
    expect(shedder.isSaturated).toBe(false);
  });

  it('refuses newcomers at once when waits stay above the target for a whole interval, and recovers', async () => {
    const shedder = queue();
    await shedder.acquire();
    await shedder.acquire();
    const inLine = [outcome(shedder.acquire()), outcome(shedder.acquire())];

    // The database is stuck: the line's wait grows past the target, but not yet for a whole interval.
    await vi.advanceTimersByTimeAsync(150);
    const early = outcome(shedder.acquire());
    await settle();
    expect(shedder.isSaturated).toBe(false);

    // Still above the target half a second later: saturated, and a newcomer is refused without waiting.
    await vi.advanceTimersByTimeAsync(500);
    const started = Date.now();
    const late = outcome(shedder.acquire());
    expect(await late).toBe('refused');
    expect(Date.now() - started).toBe(0);
    expect(shedder.isSaturated).toBe(true);

    // Those already in line are served as the database frees up, not thrown away.
    shedder.release();
    shedder.release();
    shedder.release();
    expect(await Promise.all([...inLine, early])).toEqual(['admitted', 'admitted', 'admitted']);

    // Once a request gets in within the target again, newcomers are admitted again.
    shedder.release();
    shedder.release();
    shedder.release();
    expect(shedder.isSaturated).toBe(false);
    expect(await outcome(shedder.acquire())).toBe('admitted');
  });

  it('never keeps a request waiting longer than the longest wait', async () => {
    const shedder = queue({ maxConcurrent: 1 });
    await shedder.acquire();
    const waiting = outcome(shedder.acquire());
    await vi.advanceTimersByTimeAsync(2999);
    expect(shedder.queued).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await waiting).toBe('refused');
    expect(shedder.queued).toBe(0);
  });

  it('holds no more than the hard cap in line', async () => {
    const shedder = queue({ maxConcurrent: 1, maxQueue: 2 });
    await shedder.acquire();
    void shedder.acquire().catch(() => undefined);
    void shedder.acquire().catch(() => undefined);
    expect(await outcome(shedder.acquire())).toBe('refused');
  });

  it('takes a caller that gives up out of the line, so it is never handed a slot', async () => {
    const shedder = queue({ maxConcurrent: 1 });
    await shedder.acquire();
    const leaving = new AbortController();
    const gone = outcome(shedder.acquire(leaving.signal));
    const staying = outcome(shedder.acquire());
    leaving.abort();
    expect(await gone).toBe('refused');
    shedder.release();
    expect(await staying).toBe('admitted');
    shedder.release();
    expect(shedder.inFlight).toBe(0);
  });

  it('decides a refusal on arrival, and a request that leaves the line is neither admitted nor refused', () => {
    const shedder = queue({ maxConcurrent: 1, maxQueue: 1 });
    const heard: string[] = [];
    const enter = (name: string) =>
      shedder.enter(
        () => heard.push(`${name} admitted`),
        () => heard.push(`${name} refused`),
      );
    enter('first');
    const leave = enter('second');
    enter('third');
    // The line is full: the third is answered before enter() returns, with no promise or timer to wait for.
    expect(heard).toEqual(['first admitted', 'third refused']);
    leave();
    vi.advanceTimersByTime(5000);
    shedder.release();
    expect(heard).toEqual(['first admitted', 'third refused']);
    expect(shedder.inFlight).toBe(0);
  });
});
