import { z } from 'zod';
import { idSchema, pagedSchema, paginationQuerySchema } from './common.ts';
import { NOTIFICATION_TYPES } from '../notification-types.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { validationMessages as m } from '../messages.ts';

export {
  NOTIFICATION_TYPES,
  NOTIFICATION_TYPE_LABELS,
  type NotificationParams,
  type NotificationParamsOf,
  type NotificationType,
} from '../notification-types.ts';

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  locationId: z.string(),
  locationName: z.string(),
  /** The location's zone: the time is shown on its clock. */
  timeZone: z.string(),
  title: z.string(),
  body: z.string(),
  /** What title and body are made of, for writing them in the reader's language; null on older rows (read title/body). */
  params: z
    .object({
      name: z.string().optional(),
      detail: z.string().optional(),
      minutes: z.number().optional(),
      lastSeenAt: z.string().optional(),
      where: z.string().nullable().optional(),
      rules: z.array(z.string()).optional(),
      status: z.string().optional(),
    })
    .nullable(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Read state filter of the notifications page. */
export const NOTIFICATION_READ_FILTERS = ['unread', 'read'] as const;
export type NotificationReadFilter = (typeof NOTIFICATION_READ_FILTERS)[number];

export const notificationListQuerySchema = paginationQuerySchema.extend({
  unreadOnly: z
    .enum(['true', 'false'], { error: m.mustBeTrueOrFalse(fieldLabels.unreadOnly) })
    .transform((value) => value === 'true')
    .optional(),
  type: z.enum(NOTIFICATION_TYPES, { error: p.oneOf(fieldLabels.type, NOTIFICATION_TYPES.join(', ')) }).optional(),
  state: z.enum(NOTIFICATION_READ_FILTERS, { error: schemaMessages.notificationState }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export type NotificationListParams = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = pagedSchema(notificationSchema).extend({ unreadCount: z.number().int() });
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

export const notificationParamsSchema = z.object({ notificationId: idSchema });

export const notificationPreferencesSchema = z.object({
  emailTypes: z
    .array(z.enum(NOTIFICATION_TYPES, { error: p.among(fieldLabels.emailTypes, NOTIFICATION_TYPES.join(', ')) }))
    .max(NOTIFICATION_TYPES.length)
    .transform((types) => [...new Set(types)]),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
