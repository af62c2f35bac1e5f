import { and, desc, eq, inArray, isNotNull, like } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { activityLogs, chargers } from '../../db/schema/index.ts';

export const findChargersForMaintenance = (db: Executor, ids: readonly string[]) =>
  db
    .select({
      id: chargers.id,
      chargerCode: chargers.chargerId,
      name: chargers.name,
      locationId: chargers.locationId,
      connectedNode: chargers.connectedNode,
      availability: chargers.availability,
    })
    .from(chargers)
    .where(inArray(chargers.id, [...ids]));

export const listInMaintenance = (db: Executor, locationId: string) =>
  db
    .select({ id: chargers.id, chargerId: chargers.chargerId, name: chargers.name, connectedNode: chargers.connectedNode, status: chargers.status })
    .from(chargers)
    .where(and(eq(chargers.locationId, locationId), eq(chargers.availability, 'inoperative')))
    .orderBy(chargers.name);

/** The activity log is the maintenance history: who took which charger in or out, and when. */
export const maintenanceHistory = (db: Executor, locationId: string, limit: number) =>
  db
    .select({ at: activityLogs.createdAt, chargerId: activityLogs.entityId, action: activityLogs.action, actorEmail: activityLogs.actorEmail })
    .from(activityLogs)
    .where(and(eq(activityLogs.locationId, locationId), like(activityLogs.action, 'maintenance.%'), isNotNull(activityLogs.entityId)))
    .orderBy(desc(activityLogs.seq))
    .limit(limit);
