import type { UserType } from '@wattdesk/shared';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/client.ts';
import { activityLogs, type FieldChanges } from '../db/schema/index.ts';

/** Who is acting, as the activity log records it. Sign-in failures have no user yet. */
export type Actor = {
  userId: string | null;
  email: string | null;
  userType: UserType | null;
  ip: string;
};

export const actorOf = (request: FastifyRequest): Actor => ({
  userId: request.auth?.userId ?? null,
  email: request.auth?.email ?? null,
  userType: request.auth?.userType ?? null,
  ip: request.ip,
});

export type ActivityEntry = {
  action: string;
  entity: string;
  entityId?: string | null;
  locationId?: string | null;
  changes?: FieldChanges | null;
};

/** Writes one activity row with the executor of the mutation, so both commit or neither does. */
export const recordActivity = async (executor: Executor, actor: Actor, entry: ActivityEntry): Promise<void> => {
  await executor.insert(activityLogs).values({
    actorUserId: actor.userId,
    actorEmail: actor.email,
    actorType: actor.userType,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    locationId: entry.locationId ?? null,
    changes: entry.changes ?? null,
    ipAddress: actor.ip,
  });
};

/** Before/after of the fields that changed; unchanged fields are left out. */
export const diffFields = <T extends Record<string, unknown>>(before: T, after: Partial<T>): FieldChanges => {
  const changes: FieldChanges = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    // null rather than undefined: JSON would drop the key, and a change always has both sides.
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changes[key] = { before: before[key] ?? null, after: value };
  }
  return changes;
};

/** The fields of a new entity, as changes from nothing. */
export const createdFields = (after: Record<string, unknown>): FieldChanges =>
  Object.fromEntries(Object.entries(after).map(([key, value]) => [key, { before: null, after: value }]));
