import type { ChargerEventKind } from '@wattdesk/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import * as repo from './ocpp.repository.ts';

/**
 * The charger log, written by group commit: a reconnecting fleet writes its 'connected' and 'boot' rows a batch at
 * a time. A row that cannot be written is logged, never a charger's answer held up or failed.
 */
export const createChargerLog = (db: Database, log: FastifyBaseLogger) => {
  const events = createGroupCommit<repo.ChargerEventRow, void>(
    async (rows) => {
      await repo.insertChargerEvents(db, rows);
      return rows.map(() => undefined);
    },
    // Nobody waits for a log row: under a storm of them, rounds of a fifth of a second instead of a row a statement.
    { roundEveryMs: 200 },
  );
  const logEvent = (chargerCode: string, chargerId: string | null, kind: ChargerEventKind, summary: string, detail?: Record<string, unknown>) =>
    void events
      .add({ chargerCode, chargerId, kind, summary, detail: detail ?? null })
      .catch((error: Error) => log.warn({ err: error.message }, 'Charger event not recorded'));
  return { logEvent, idle: () => events.idle() };
};
