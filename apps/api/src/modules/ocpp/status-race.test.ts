import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testEngine } from '../../../test/test-app.ts';
import { markConnected } from './ocpp.repository.ts';
import { refreshChargerStatuses } from '../../db/charger-status.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';

/**
 * Two writers of one charger's status at once: a StatusNotification round and a connection mark. PGlite has one
 * connection, so its writers never interleave; the race needs PostgreSQL's concurrent transactions.
 */
describe.skipIf(testEngine !== 'postgres')('charger status with concurrent writers', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
  });
  afterAll(() => database.close());

  const report = (chargerId: string, status: string, at: string) => sql`
    insert into connector_states (charger_id, connector_id, status, error_code, reported_at)
    values (${chargerId}::uuid, 0, ${status}, 'NoError', ${at}::timestamptz)
    on conflict (charger_id, connector_id) do update set status = excluded.status, reported_at = excluded.reported_at`;

  it('a connection mark that waited for a report the charger sent meanwhile shows that report', async () => {
    const { db } = database;
    const [charger] = rowsOf<{ id: string }>(
      await db.execute(sql`
        select c.id from chargers c where c.availability = 'operative'
          and not exists (select 1 from charging_sessions s where s.charger_id = c.id and s.status = 'active')
        order by c.charger_id limit 1`),
    );
    const id = charger!.id;
    // Last heard saying Unavailable (maintenance that has since ended), and offline.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update chargers set connected_node = null where id = ${id}::uuid`);
      await tx.execute(sql`delete from connector_states where charger_id = ${id}::uuid and connector_id <> 0`);
      await tx.execute(report(id, 'Unavailable', '2026-11-28T10:00:00Z'));
      await refreshChargerStatuses(tx, sql`c.id = ${id}::uuid`);
    });

    let connecting: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.execute(report(id, 'Available', '2026-11-28T10:00:05Z'));
      await refreshChargerStatuses(tx, sql`c.id = ${id}::uuid`);
      // The charger's socket opens while this report is not committed yet: its mark waits on the charger row.
      connecting = markConnected(db, [id], 'node-a', new Date('2026-11-28T10:00:04Z'));
      await vi.waitFor(
        async () => {
          const [waiting] = rowsOf<{ count: number }>(
            // From another connection: a transaction sees pg_stat_activity as it was at its first look.
            await db.execute(
              sql`select count(*)::int as count from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
            ),
          );
          expect(waiting!.count, 'the connection mark should have waited for the report').toBeGreaterThan(0);
        },
        { timeout: 5000, interval: 10 },
      );
    });
    await connecting;

    const [row] = rowsOf<{ status: string; connected_node: string | null }>(
      await db.execute(sql`select status, connected_node from chargers where id = ${id}::uuid`),
    );
    expect(row).toEqual({ status: 'available', connected_node: 'node-a' });
  });
});
