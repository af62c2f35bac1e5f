import { bigint, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

export type FieldChanges = Record<string, { before: unknown; after: unknown }>;

/** Who did what, to which entity, at which location, and what changed. Written in the mutation's transaction. */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: id(),
    /** Order of writing: breaks ties between rows written within the clock's resolution, and pages the export. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    actorUserId: uuid('actor_user_id'),
    actorEmail: text('actor_email'),
    actorType: text('actor_type'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    locationId: uuid('location_id'),
    changes: jsonb('changes').$type<FieldChanges>(),
    ipAddress: text('ip_address'),
    ...timestamps(),
  },
  (table) => [
    index('activity_logs_created_idx').on(table.createdAt),
    index('activity_logs_seq_idx').on(table.seq),
    index('activity_logs_location_idx').on(table.locationId, table.createdAt),
    index('activity_logs_actor_idx').on(table.actorUserId, table.createdAt),
  ],
);
