import type { Database } from '../../db/client.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import * as repo from './ocpp.repository.ts';

/**
 * BootNotifications by group commit: a reconnecting fleet boots thousands at once. A round keeps the last report
 * of each charger, so no statement touches a row twice.
 */
export const createBootWriter = (db: Database) => {
  const boots = createGroupCommit<repo.BootReport, void>(async (reports) => {
    await repo.recordBoots(db, [...new Map(reports.map((report) => [report.id, report])).values()]);
    return reports.map(() => undefined);
  });
  return { record: boots.add };
};
