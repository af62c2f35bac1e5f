import type { ChargerStatus } from '@wattdesk/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { Transaction } from './client.ts';
import { rowsOf } from './sql-helpers.ts';

export type RefreshedStatus = { id: string; status: ChargerStatus; locationId: string };

/**
 * A connection opened (`node`, seen `seenAt`) or closed (`node: null`, only if `fromNode` holds it), written in
 * the same statement as the status it gives: a reconnect of thousands of chargers is mostly statements.
 */
export type ConnectionChange = { node: string; seenAt: Date } | { node: null; fromNode: string };

/**
 * The one place a charger's status is derived, so every path (OCPP messages, maintenance, connections, the
 * seed) agrees. What its reports say (`last_known_status`): a fault, then a running session, then a
 * charger-wide Unavailable, else available; null until it reports a status. What the network shows
 * (`status`): maintenance (the network's choice) wins, then offline (not connected, whatever it last said),
 * then what it reports. `where` picks the chargers, on the table alias `c`.
 */
export const refreshChargerStatuses = async (tx: Transaction, where: SQL, connection?: ConnectionChange): Promise<RefreshedStatus[]> => {
  const held = connection?.node === null ? sql` and c.connected_node = ${connection.fromNode}` : sql``;
  const setConnection = !connection
    ? sql``
    : connection.node === null
      ? sql`connected_node = null,`
      : // A demo charger that connects is simulated after all: from now on its going offline is news (issue 39).
        sql`connected_node = ${connection.node}, last_seen_at = ${connection.seenAt.toISOString()}, demo_not_connected = false,`;
  const connectedNode = connection ? sql`${connection.node}::text` : sql`c.connected_node`;
  // Lock first, then derive in a new statement. Under READ COMMITTED an update that waits for another writer's
  // lock re-checks only the charger row, not the connector reports it read before waiting: a connection mark that
  // waited on a StatusNotification's commit wrote the status of the reports before it (CI saw 'maintenance'
  // stay after the charger reported Available). The next statement's snapshot includes what that writer
  // committed. Ordered, so two rounds that share chargers cannot deadlock; NO KEY UPDATE is what the update takes
  // anyway, so it does not wait for an insert that merely references the charger.
  await tx.execute(sql`select c.id from chargers c where ${where}${held} order by c.id for no key update`);
  return rowsOf<{ id: string; status: ChargerStatus; location_id: string }>(
    await tx.execute(sql`
    with reported as (
      select c.id, case
        when exists (select 1 from connector_states s where s.charger_id = c.id and s.status = 'Faulted') then 'faulted'
        when exists (select 1 from charging_sessions t where t.charger_id = c.id and t.status = 'active')
          or exists (select 1 from connector_states s where s.charger_id = c.id and s.status in ('Charging', 'SuspendedEV', 'SuspendedEVSE')) then 'charging'
        when exists (select 1 from connector_states s where s.charger_id = c.id and s.connector_id = 0 and s.status = 'Unavailable') then 'maintenance'
        when exists (select 1 from connector_states s where s.charger_id = c.id) then 'available'
        end as status
      from chargers c where ${where}${held})
    update chargers c set
      ${setConnection}
      last_known_status = reported.status,
      status = case
        when c.availability = 'inoperative' then 'maintenance'
        when ${connectedNode} is null then 'offline'
        else coalesce(reported.status, 'available') end
    from reported where c.id = reported.id${held}
    returning c.id, c.status, c.location_id`),
  ).map((row) => ({ id: row.id, status: row.status, locationId: row.location_id }));
};
