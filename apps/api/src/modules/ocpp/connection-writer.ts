import type { OcppVersion } from '@wattdesk/shared';
import type { RefreshedStatus } from '../../db/charger-status.ts';
import type { Database } from '../../db/client.ts';
import { createGroupCommit } from '../../lib/group-commit.ts';
import * as repo from './ocpp.repository.ts';

/** An opened socket's mark carries the OCPP version it speaks when that is not the one recorded. */
type ConnectionMark = { chargerId: string; connected: true; at: Date; version?: OcppVersion } | { chargerId: string; connected: false };

/**
 * Connected / disconnected marks by group commit: after a restart or a network blip every charger of the node
 * comes back at once, and one statement per socket was most of a reconnect's time (decision 060). A round's
 * opened sockets share one statement (seen at the round's latest time) and its closed ones another.
 *
 * The caller keeps one charger's marks in order (ocpp.service.ts waits for each before the next), so a round
 * never holds two marks of one charger. Each mark answers the charger's status, or undefined when a drop found the
 * connection already held elsewhere.
 */
export const createConnectionWriter = (db: Database, nodeId: string) => {
  const commit = createGroupCommit<ConnectionMark, RefreshedStatus | undefined>(
    async (marks) => {
      const opened = marks.filter((mark) => mark.connected);
      const closed = marks.filter((mark) => !mark.connected).map((mark) => mark.chargerId);
      const [connectedRows, disconnectedRows] = await Promise.all([
        opened.length
          ? repo.markConnected(
              db,
              opened.map((mark) => mark.chargerId),
              nodeId,
              new Date(Math.max(...opened.map((mark) => mark.at.getTime()))),
            )
          : [],
        closed.length ? repo.markDisconnected(db, closed, nodeId) : [],
      ]);
      const versions = opened.flatMap((mark) => (mark.version ? [{ id: mark.chargerId, version: mark.version }] : []));
      await repo.recordOcppVersions(db, versions);
      const rows = new Map([...connectedRows, ...disconnectedRows].map((row) => [row.id, row]));
      return marks.map((mark) => rows.get(mark.chargerId));
    },
    // No charger waits for its mark, and each round runs the status triggers once: under a reconnect storm, rounds of
    // a fifth of a second (a charger shows online that much later) rather than a few chargers each.
    { roundEveryMs: 200 },
  );
  return {
    connected: (chargerId: string, at: Date, version?: OcppVersion) =>
      commit.add({ chargerId, connected: true, at, ...(version ? { version } : {}) }),
    disconnected: (chargerId: string) => commit.add({ chargerId, connected: false }),
    idle: commit.idle,
  };
};
