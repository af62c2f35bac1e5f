import { NOTIFICATION_TYPES, type NotificationParams } from '@wattdesk/shared';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from './columns.ts';
import { locations } from './locations.ts';
import { users } from './users.ts';

const quoted = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * Something an operator must act on, at a location: everyone who reaches the location sees it. Whether a user
 * has read it is theirs alone (notification_reads, and the read-all mark in notification_settings).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** What title and body are made of, so each reader gets them in their language; null on rows from before. */
    params: jsonb('params').$type<NotificationParams>(),
    /** What it is about (a charger, booking, driver…), so the same fault is not told twice. */
    subjectId: text('subject_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_location_created_idx').on(table.locationId, table.createdAt),
    index('notifications_created_idx').on(table.createdAt),
    check('notifications_type_check', sql`${table.type} in (${quoted(NOTIFICATION_TYPES)})`),
  ],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.notificationId] })],
);

/** Per user: the types they also want by e-mail, and "mark all read" as a moment rather than a row per notification. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  emailTypes: text('email_types')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  readAllBefore: timestamp('read_all_before', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
