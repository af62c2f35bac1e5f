import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testEngine } from '../../../test/test-app.ts';
import { refreshChargerStatuses } from '../../db/charger-status.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { touchLastSeen } from './ocpp.repository.ts';

/**
 * The telemetry flush's batched last-seen update beside a status writer's transaction on the same chargers (a
 * status round or a connection mark, which lock their chargers in id order). PGlite has one connection, so its
 * writers never interleave; the deadlock needs PostgreSQL's concurrent transactions. The 50 % 2.0.1 bench at 1,000
 * chargers logged one failed last-seen update (issue 41): each TransactionEvent then wrote a status.
 */
describe.skipIf(testEngine !== 'postgres')('last seen beside a status write', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
  });
  afterAll(() => database.close());

  const waitingOnLocks = async () => {
    const [row] = rowsOf<{ count: number }>(
      await database.db.execute(
        sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      ),
    );
    return row!.count;
  };

  it('a last-seen batch and a status round that share chargers both complete, whatever order the batch names them in', async () => {
    const { db } = database;
    const [low, high] = rowsOf<{ id: string }>(await db.execute(sql`select id from chargers order by id limit 2`)).map((row) => row.id);
    const seenAt = new Date('2026-12-07T05:00:00Z');

    let touching: Promise<unknown> = Promise.resolve();
    const round = db.transaction(async (tx) => {
      // A status round half way through its ordered lock: it holds the lower charger and wants the higher next.
      await tx.execute(sql`select id from chargers where id = ${low!}::uuid for no key update`);
      // The batch names the higher charger first (it is in the order chargers were last heard from).
      touching = touchLastSeen(db, [
        { id: high!, at: seenAt },
        { id: low!, at: seenAt },
      ]);
      await vi.waitFor(async () => expect(await waitingOnLocks(), 'the batch should wait for the status round').toBeGreaterThan(0), {
        timeout: 5000,
        interval: 10,
      });
      await refreshChargerStatuses(tx, sql`c.id in (${low!}::uuid, ${high!}::uuid)`);
    });
    // PostgreSQL cancels one of two writers that wait on each other (deadlock detected): neither may fail.
    const outcomes = await Promise.allSettled([round, round.finally(() => touching)]);
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String((outcome.reason as Error).cause ?? outcome.reason)] : [],
    );
    expect(failures).toEqual([]);

    const seen = rowsOf<{ last_seen_at: string | Date }>(
      await db.execute(sql`select last_seen_at from chargers where id in (${low!}::uuid, ${high!}::uuid)`),
    ).map((row) => new Date(row.last_seen_at).getTime());
    expect(seen.every((at) => at >= seenAt.getTime())).toBe(true);
  });
});
