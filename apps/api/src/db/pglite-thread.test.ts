import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread, type ThreadTransaction } from './pglite-thread.ts';

let thread: PGliteThread;

beforeAll(async () => {
  thread = new PGliteThread({});
  await thread.waitReady;
  await thread.query('create table items (id int primary key, name text not null constraint items_name_unique unique)');
});
afterAll(() => thread.close());

/** What Authorize sends: a short prepared read marked urgent. */
const urgentRead = () => thread.queryPrepared({ name: 'urgent_one', sql: 'select 1' }, [], { urgent: true });

const names = async () => (await thread.query<{ name: string }>('select name from items order by id')).rows.map((row) => row.name);

/**
 * A transaction that has run `work` and stays open until `finish` is called. `reached()` answers once the PGlite
 * thread has read every request sent before it: a statement of the open transaction skips the queue, and the
 * thread reads its messages in the order they were posted.
 */
const holdTransaction = async (work: (tx: ThreadTransaction) => Promise<unknown>) => {
  let finish!: () => void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  let opened!: (tx: ThreadTransaction) => void;
  const isOpen = new Promise<ThreadTransaction>((resolve) => (opened = resolve));
  const transaction = thread.transaction(async (tx) => {
    await work(tx);
    opened(tx);
    await held;
  });
  const tx = await isOpen;
  return { transaction, finish, reached: () => tx.query('select 1') };
};

describe('PGlite in its own thread', () => {
  it('answers queries with parameters, in object or array rows', async () => {
    await thread.query('insert into items (id, name) values ($1, $2)', [1, 'first']);
    expect((await thread.query('select id, name from items where id = $1', [1])).rows).toEqual([{ id: 1, name: 'first' }]);
    expect((await thread.query('select id, name from items where id = $1', [1], { rowMode: 'array' })).rows).toEqual([[1, 'first']]);
  });

  it('hands a database error over with its SQLSTATE and constraint', async () => {
    const error = await thread.query('insert into items (id, name) values (2, $1)', ['first']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_name_unique' });
  });

  it('commits a transaction whose callback resolves and rolls back one whose callback throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query('insert into items (id, name) values (10, $1)', ['kept']);
    });
    const failure = new Error('changed my mind');
    await expect(
      thread.transaction(async (tx) => {
        await tx.query('insert into items (id, name) values (11, $1)', ['dropped']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await names()).toEqual(['first', 'kept']);
  });

  it('keeps other statements out until an open transaction ends', async () => {
    const { transaction, finish, reached } = await holdTransaction((tx) => tx.query('insert into items (id, name) values (20, $1)', ['pending']));
    let seen: string[] | undefined;
    const outside = names().then((rows) => (seen = rows));
    // The thread has read the outside statement and answered the transaction's statements after it, not it.
    await reached();
    await reached();
    expect(seen).toBeUndefined();
    finish();
    await transaction;
    await outside;
    expect(seen).toEqual(['first', 'kept', 'pending']);
  });

  it('answers an urgent statement before the statements already waiting, and a transaction still in order', async () => {
    const finished: string[] = [];
    const slow = (label: string) => thread.query('select pg_sleep(0.02)').then(() => finished.push(label));
    const waitingBefore = Array.from({ length: 8 }, (_, index) => slow(`waiting ${index}`));
    const transaction = thread.transaction(async (tx) => {
      await tx.query('select pg_sleep(0.02)');
      finished.push('transaction');
    });
    const urgent = urgentRead().then(() => finished.push('urgent'));
    await Promise.all([...waitingBefore, transaction, urgent]);
    // At most the statement already with PGlite runs first.
    expect(finished.indexOf('urgent')).toBeLessThanOrEqual(1);
    expect(finished.filter((label) => label !== 'urgent')).toEqual([...Array.from({ length: 8 }, (_, index) => `waiting ${index}`), 'transaction']);
  });

  it('answers an urgent statement that arrives during a transaction before one that arrived earlier', async () => {
    const { transaction, finish, reached } = await holdTransaction((tx) => tx.query('select 1'));
    const finished: string[] = [];
    const normal = thread.query('select 1').then(() => finished.push('normal'));
    // Both have reached the PGlite thread, one after the other, while the transaction holds PGlite.
    await reached();
    const urgent = urgentRead().then(() => finished.push('urgent'));
    await reached();
    expect(finished).toEqual([]);
    finish();
    await Promise.all([transaction, normal, urgent]);
    expect(finished).toEqual(['urgent', 'normal']);
  });

  it('prepares a statement once, then executes it with each value kept as data', async () => {
    const byName = { name: 'items_by_name', sql: 'select id, name from items where name = $1::text' };
    const awkward = "O'Brien'); delete from items; --";
    await thread.query('insert into items (id, name) values (30, $1)', [awkward]);
    expect((await thread.queryPrepared(byName, [awkward])).rows).toEqual([{ id: 30, name: awkward }]);
    expect((await thread.queryPrepared(byName, ['nobody'], { urgent: true })).rows).toEqual([]);
    expect((await thread.query('select count(*)::int as n from items')).rows).toEqual([{ n: 4 }]);
    expect((await thread.query("select count(*)::int as n from pg_prepared_statements where name = 'items_by_name'")).rows).toEqual([{ n: 1 }]);
    await expect(thread.queryPrepared(byName, ['a\0b'])).rejects.toThrow(/NUL/);
    await thread.query('delete from items where id = 30');
  });

  it('dumps its data directory so another thread can start from it', async () => {
    const copy = new PGliteThread({ snapshot: await (await thread.dumpDataDir()).arrayBuffer() });
    await copy.waitReady;
    try {
      expect((await copy.query<{ name: string }>('select name from items order by id')).rows.map((row) => row.name)).toEqual(await names());
    } finally {
      await copy.close();
    }
  });

  it('fails every call once it is closed, instead of leaving callers waiting', async () => {
    const short = new PGliteThread({});
    await short.waitReady;
    await short.close();
    await expect(short.query('select 1')).rejects.toThrow(/stopped|closed/i);
  });

  it('settles every call that meets a close: a transaction under way ends, later calls are refused, none waits forever', async () => {
    const short = new PGliteThread({});
    await short.waitReady;
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let opened!: () => void;
    const isOpen = new Promise<void>((resolve) => (opened = resolve));
    const transaction = short.transaction(async (tx) => {
      opened();
      await held;
      return (await tx.query<{ one: number }>('select 1 as one')).rows;
    });
    await isOpen;
    const closing = short.close();
    const afterClose = Promise.allSettled([
      short.query('select 2'),
      short.queryPrepared({ name: 'after_close', sql: 'select 3' }, [], { urgent: true }),
    ]);
    finish();
    await closing;
    expect(await transaction).toEqual([{ one: 1 }]);
    const settled = await afterClose;
    expect(settled.map((result) => (result.status === 'rejected' ? String(result.reason) : 'answered'))).toEqual([
      expect.stringMatching(/closing/),
      expect.stringMatching(/closing/),
    ]);
  });
});
