import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { paginationQuerySchema, searchQuerySchema } from './common.ts';
import { schemaMessages } from '../schema-messages.ts';

export const SYSTEM_EVENT_LEVELS = ['error', 'warning'] as const;
export type SystemEventLevel = (typeof SYSTEM_EVENT_LEVELS)[number];
/** background: a job that failed after the answer was sent; mail: the mail server refused or was unreachable; provider: an external service. */
export const SYSTEM_EVENT_SOURCES = ['background', 'mail', 'provider'] as const;
export type SystemEventSource = (typeof SYSTEM_EVENT_SOURCES)[number];

const dateTime = (label: string) => z.iso.datetime({ offset: true, error: m.mustBeDateTime(label) }).optional();

const systemLogFilterFields = z.object({
  from: dateTime('From'),
  to: dateTime('To'),
  level: z.enum(SYSTEM_EVENT_LEVELS).optional(),
  source: z.enum(SYSTEM_EVENT_SOURCES).optional(),
  /** Part of the event name or message. */
  search: searchQuerySchema.transform((value) => value || undefined),
});
const fromBeforeTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || new Date(query.from) <= new Date(query.to);
const fromBeforeToError = { error: schemaMessages.fromBeforeTo, path: ['from'] };

export const systemLogFilterSchema = systemLogFilterFields.refine(fromBeforeTo, fromBeforeToError);
export type SystemLogFilter = z.infer<typeof systemLogFilterSchema>;

export const systemLogListQuerySchema = systemLogFilterFields.extend(paginationQuerySchema.shape).refine(fromBeforeTo, fromBeforeToError);
export type SystemLogListQuery = z.infer<typeof systemLogListQuerySchema>;

export const systemLogItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  level: z.enum(SYSTEM_EVENT_LEVELS),
  source: z.enum(SYSTEM_EVENT_SOURCES),
  event: z.string(),
  message: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type SystemLogItem = z.infer<typeof systemLogItemSchema>;
