import type { ConnectorStatus } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { refreshChargerStatuses } from '../../db/charger-status.ts';
import type { Database, Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/sql-helpers.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';

export type StatusReport = {
  chargerId: string;
  connectorId: number;
  status: ConnectorStatus;
  errorCode: string;
  info: string | null;
  reportedAt: Date;
};

/**
 * One round of reports, at most one per connector (a statement may touch a row once): the newer report wins,
 * an older one than what is stored changes nothing. Answers the connectors whose state was stored.
 */
const upsertRound = async (tx: Executor, round: readonly StatusReport[]): Promise<Set<string>> => {
  const rows = rowsOf<{ charger_id: string; connector_id: number }>(
    await tx.execute(sql`
      insert into connector_states (charger_id, connector_id, status, error_code, info, reported_at)
      values ${sql.join(
        round.map(
          (r) =>
            sql`(${r.chargerId}::uuid, ${r.connectorId}::int, ${r.status}, ${r.errorCode}, ${r.info}, ${r.reportedAt.toISOString()}::timestamptz)`,
        ),
        sql`, `,
      )}
      on conflict (charger_id, connector_id) do update set
        status = excluded.status, error_code = excluded.error_code, info = excluded.info, reported_at = excluded.reported_at
        where connector_states.reported_at <= excluded.reported_at
      returning charger_id, connector_id`),
  );
  // Idle time is measured from these: SuspendedEV or Finishing while the session is open.
  const inSessions = round.filter((r) => r.connectorId > 0);
  if (inSessions.length)
    await tx.execute(sql`
      insert into session_status_changes (session_id, at, status)
      select s.id, v.at, v.status from (values ${sql.join(
        inSessions.map((r) => sql`(${r.chargerId}::uuid, ${r.connectorId}::int, ${r.reportedAt.toISOString()}::timestamptz, ${r.status})`),
        sql`, `,
      )}) as v(charger_id, connector_id, at, status)
      join charging_sessions s on s.charger_id = v.charger_id and s.connector_id = v.connector_id and s.status = 'active' and s.started_at <= v.at
      on conflict (session_id, at) do update set status = excluded.status`);
  return new Set(rows.map((row) => `${row.charger_id} ${row.connector_id}`));
};

/**
 * StatusNotifications written by group commit (decision 013): a reconnecting fleet reports every connector at
 * once, and each report used to be its own transaction of three statements. Each caller still gets its answer
 * only once its report is stored, with whether it was applied, so the dashboard and the charger see the same.
 */
export const createStatusWriter = (db: Database) => {
  const commit = createGroupCommit<StatusReport, boolean>(async (reports) => {
    const keyOf = (report: StatusReport) => `${report.chargerId} ${report.connectorId}`;
    // Reports of one connector in arrival order, split into rounds so no statement touches a row twice.
    const roundOf: number[] = [];
    const rounds: StatusReport[][] = [];
    const depth = new Map<string, number>();
    for (const report of reports) {
      const index = depth.get(keyOf(report)) ?? 0;
      depth.set(keyOf(report), index + 1);
      roundOf.push(index);
      (rounds[index] ??= []).push(report);
    }
    const stored: Set<string>[] = [];
    await db.transaction(async (tx) => {
      for (const round of rounds) stored.push(await upsertRound(tx, round));
      const changed = [...new Set(reports.filter((report, i) => stored[roundOf[i]!]!.has(keyOf(report))).map((report) => report.chargerId))];
      if (changed.length)
        await refreshChargerStatuses(
          tx,
          sql`c.id in (${sql.join(
            changed.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
    });
    return reports.map((report, i) => stored[roundOf[i]!]!.has(keyOf(report)));
  });
  return { report: commit.add, idle: commit.idle };
};

export type StatusWriter = ReturnType<typeof createStatusWriter>;
