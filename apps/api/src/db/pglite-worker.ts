/**
 * The PGlite thread: PGlite runs each query as one uninterrupted stretch of WebAssembly, so here it
 * never holds up the HTTP event loop (decision 006). It answers the requests of PGliteThread.
 */
import type { Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { DrizzlePGlite } from './pglite-client.ts';
import { READY_ID, serializeError, sqlLiteral, type PGliteThreadData, type ThreadReply, type ThreadRequest } from './pglite-thread-protocol.ts';

const port = parentPort!;
const data = workerData as PGliteThreadData;
const reply = (message: ThreadReply, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer);

const db = data.snapshot
  ? new DrizzlePGlite({ loadDataDir: new Blob([data.snapshot]) })
  : new DrizzlePGlite(data.dataDir ? { dataDir: data.dataDir } : {});

/** Marks the rejection that makes PGlite roll a transaction back; it is not an error to report. */
const ROLLBACK = new Error('rollback requested by the main thread');

type OpenTransaction = { tx: Transaction; end: (commit: boolean) => void; finished: Promise<unknown> };
const transactions = new Map<number, OpenTransaction>();
let nextTransactionId = 1;

/** PGlite's transaction() runs a callback; here the callback stays open until the main thread ends it. */
const begin = () =>
  new Promise<number>((opened, failed) => {
    const txId = nextTransactionId++;
    let started = false;
    const finished = db.transaction(
      (tx) =>
        new Promise<void>((commit, rollback) => {
          started = true;
          transactions.set(txId, { tx, end: (ok) => (ok ? commit() : rollback(ROLLBACK)), finished });
          opened(txId);
        }),
    );
    finished.then(
      () => {
        transactions.delete(txId);
        scheduleHandOver();
      },
      (error: unknown) => {
        transactions.delete(txId);
        scheduleHandOver();
        if (!started) failed(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });

const end = async (txId: number, commit: boolean) => {
  const open = transactions.get(txId);
  if (!open) throw new Error(`Transaction ${txId} is not open`);
  open.end(commit);
  try {
    await open.finished;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
};

/** Statements PREPAREd in this session: PGlite is one session for the thread's whole life. */
const prepared = new Set<string>();

/** Planned once, then executed: planning a short read costs PGlite more than running it (decision 013). */
const executePrepared = async (request: Extract<ThreadRequest, { op: 'prepared' }>) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(request.name)) throw new Error(`Not a statement name: ${request.name}`);
  if (!prepared.has(request.name)) {
    // No type list: PostgreSQL takes each parameter's type from its cast in the statement.
    await db.exec(`PREPARE ${request.name} AS ${request.sql}`);
    prepared.add(request.name);
  }
  // EXECUTE takes its argument list only when the statement has parameters: `EXECUTE name ()` is a syntax error.
  const args = request.params.length ? ` (${request.params.map(sqlLiteral).join(', ')})` : '';
  return db.query(`EXECUTE ${request.name}${args}`);
};

const handle = async (request: ThreadRequest): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> => {
  switch (request.op) {
    case 'query': {
      const target = request.txId === undefined ? db : transactions.get(request.txId)?.tx;
      if (!target) throw new Error(`Transaction ${request.txId} is not open`);
      const options = request.rowMode ? { rowMode: request.rowMode } : undefined;
      return { value: await target.query(request.sql, request.params, options) };
    }
    case 'prepared':
      return { value: await executePrepared(request) };
    case 'begin':
      return { value: await begin() };
    case 'end':
      return { value: await end(request.txId, request.commit) };
    case 'dump': {
      const buffer = await (await db.dumpDataDir('none')).arrayBuffer();
      return { value: buffer, transfer: [buffer] };
    }
    case 'close':
      return { value: await db.close() };
  }
};

const answer = (request: ThreadRequest) =>
  handle(request).then(
    ({ value, transfer }) => reply({ id: request.id, ok: true, value }, transfer),
    (error: unknown) => reply({ id: request.id, ok: false, error: serializeError(error) }),
  );

/**
 * Requests outside a transaction wait here rather than in PGlite's own first-come queue, so that an urgent one is
 * handed over next. One is with PGlite at a time: a `begin` until its transaction is open, then
 * nothing until it ends; a statement until it is answered. A transaction's own statements and its end bypass this
 * queue: the transaction already holds PGlite, and queuing them behind it would never end.
 */
const waiting = { urgent: [] as ThreadRequest[], normal: [] as ThreadRequest[] };
let handedOver = false;
let scheduled = false;
const handOverNext = () => {
  scheduled = false;
  // While a transaction is open PGlite is its own: a statement handed over now would wait inside PGlite, out of
  // reach of an urgent one that arrives meanwhile. The transaction's end hands over the next one.
  if (handedOver || transactions.size) return;
  const next = waiting.urgent.shift() ?? waiting.normal.shift();
  if (!next) return;
  handedOver = true;
  void answer(next).finally(() => {
    handedOver = false;
    scheduleHandOver();
  });
};
/**
 * The choice waits for the event loop's check phase: PGlite's statements run inside promise callbacks, so the
 * messages that arrived meanwhile are only read in the loop's poll phase before it. Chosen at once, the next
 * statement would always be the oldest one read so far, never an urgent one still unread.
 */
function scheduleHandOver() {
  if (scheduled || handedOver) return;
  scheduled = true;
  setImmediate(handOverNext);
}

port.on('message', (request: ThreadRequest) => {
  const insideTransaction = (request.op === 'query' && request.txId !== undefined) || request.op === 'end';
  if (insideTransaction) {
    void answer(request);
    return;
  }
  (request.op === 'prepared' && request.urgent ? waiting.urgent : waiting.normal).push(request);
  scheduleHandOver();
});

db.waitReady.then(
  () => reply({ id: READY_ID, ok: true, value: undefined }),
  (error: unknown) => reply({ id: READY_ID, ok: false, error: serializeError(error) }),
);
