import { SYSTEM_EVENT_LEVELS, SYSTEM_EVENT_SOURCES } from '@wattdesk/shared';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns.ts';

/**
 * Server-side events staff need to see (the system-logs menu): background jobs that failed after the
 * answer was sent, mail the server could not deliver, errors of external providers.
 */
export const systemEvents = pgTable(
  'system_events',
  {
    id: id(),
    level: text('level', { enum: SYSTEM_EVENT_LEVELS }).notNull(),
    source: text('source', { enum: SYSTEM_EVENT_SOURCES }).notNull(),
    event: text('event').notNull(),
    message: text('message').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ...timestamps(),
  },
  (table) => [index('system_events_created_idx').on(table.createdAt)],
);
