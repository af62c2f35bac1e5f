import type { QueryOptions, Results } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';
import { DatabaseUnavailableError } from './db-errors.ts';
import { withDbSpan } from '../lib/tracing/spans.ts';
import {
  deserializeError,
  READY_ID,
  type PGliteThreadData,
  type PreparedValue,
  type ThreadReply,
  type ThreadRequest,
} from './pglite-thread-protocol.ts';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;
type Call = WithoutId<ThreadRequest>;

/**
 * From source, the thread loads its TypeScript through tsx; from the build (dist/main.mjs), the thread's own
 * bundle sits beside the API's.
 */
const workerEntry = () =>
  import.meta.url.endsWith('.ts') ? new URL('./pglite-worker-entry.mjs', import.meta.url) : new URL('./pglite-worker.mjs', import.meta.url);

/** What drizzle's pglite driver calls inside a transaction. */
export type ThreadTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
};

/**
 * PGlite in a worker thread, with the part of PGlite's interface drizzle's pglite driver uses
 * (query, transaction). PGlite answers one query at a time and runs it as one uninterrupted stretch
 * of WebAssembly; on the API's own thread every query stalled every request, so that under load
 * even a refusal waited behind queries (decision 006). Statements still run one at a time, in order, except that
 * urgent prepared ones go ahead of those waiting.
 */
export class PGliteThread {
  readonly waitReady: Promise<void>;
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = READY_ID + 1;
  #failure: Error | undefined;
  #closing: Promise<void> | undefined;
  #refusing = false;

  constructor(data: PGliteThreadData) {
    this.#worker = new Worker(workerEntry(), {
      workerData: data,
      transferList: data.snapshot ? [data.snapshot] : [],
    });
    // Readiness is answered like a call, so a thread that dies while starting fails it as it fails calls.
    this.waitReady = new Promise((resolve, reject) => this.#pending.set(READY_ID, { resolve: () => resolve(), reject }));
    this.#worker.on('message', (message: ThreadReply) => {
      const pending = this.#pending.get(message.id);
      if (!pending) return;
      this.#pending.delete(message.id);
      if (message.ok) pending.resolve(message.value);
      else pending.reject(deserializeError(message.error));
    });
    // A thread that died (out of memory, a WebAssembly abort) fails what waits on it and every later call.
    this.#worker.on('error', (error) => this.#fail(new DatabaseUnavailableError(`The PGlite thread failed: ${error.message}`, { cause: error })));
    this.#worker.on('exit', (code) => this.#fail(new DatabaseUnavailableError(`The PGlite thread stopped (exit code ${code})`)));
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return withDbSpan(sql, () => this.#call({ op: 'query', sql, params, rowMode: options?.rowMode, txId: undefined }) as Promise<Results<T>>);
  }

  /**
   * A statement prepared once in PGlite's session under `name`, then executed with `params` (outside a transaction).
   * `urgent`: handed to PGlite before the statements already waiting (a driver at a charger, decision 013).
   */
  queryPrepared<T>(statement: { name: string; sql: string }, params: readonly PreparedValue[], { urgent = false } = {}): Promise<Results<T>> {
    return withDbSpan(statement.sql, () => this.#call({ op: 'prepared', ...statement, params, urgent }) as Promise<Results<T>>);
  }

  /** Commits when the callback resolves, rolls back when it throws, as PGlite's own transaction() does. */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const txId = (await this.#call({ op: 'begin' })) as number;
    const tx: ThreadTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        withDbSpan(sql, () => this.#call({ op: 'query', sql, params, rowMode: options?.rowMode, txId }) as Promise<Results<R>>),
    };
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      // The callback's error is the one worth reporting; a failed rollback leaves nothing to do.
      await this.#call({ op: 'end', txId, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: 'end', txId, commit: true });
    return result;
  }

  /** A tarball of the data directory, as PGlite's dumpDataDir('none'). */
  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#call({ op: 'dump' })) as ArrayBuffer]);
  }

  /**
   * Calls sent while the close is under way, or still waiting in the thread when it ends (a background pass that
   * met the close), are refused as unavailable: before, they waited forever and held the app's shutdown (CI's
   * outage test).
   */
  close(): Promise<void> {
    if (this.#failure) return Promise.resolve();
    return (this.#closing ??= (async () => {
      const closed = this.#call({ op: 'close' });
      this.#refusing = true;
      try {
        await closed;
      } finally {
        this.#worker.removeAllListeners('exit');
        await this.#worker.terminate();
        this.#fail(new DatabaseUnavailableError('The PGlite thread is closed'));
      }
    })());
  }

  /** Calls sent to the thread and not yet answered: its one connection's line (read when metrics are scraped). */
  get pending(): number {
    return this.#pending.size;
  }

  #call(call: Call): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    // An open transaction's statements still run: the close waits in the thread until that transaction ends.
    const insideTransaction = (call.op === 'query' && call.txId !== undefined) || call.op === 'end';
    if (this.#refusing && !insideTransaction) return Promise.reject(new DatabaseUnavailableError('The PGlite thread is closing'));
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  #fail(error: Error) {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}
