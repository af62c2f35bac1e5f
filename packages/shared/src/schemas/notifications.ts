import { z } from 'zod';
import { idSchema, pagedSchema, paginationQuerySchema } from './common.ts';

/** What an operator must act on; each can also be sent by e-mail, per type and per user. */
export const NOTIFICATION_TYPES = ['charger-faulted', 'charger-offline', 'violation', 'booking-conflict', 'driver-accepted'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  'charger-faulted': 'A charger faulted',
  'charger-offline': 'A charger is offline for a while',
  violation: 'A violation',
  'booking-conflict': 'A booking could not be reserved at its charger',
  'driver-accepted': 'A driver accepted the invitation',
};

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(NOTIFICATION_TYPES),
  locationId: z.string(),
  locationName: z.string(),
  /** The location's zone: the time is shown on its clock. */
  timeZone: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Read state filter of the notifications page. */
export const NOTIFICATION_READ_FILTERS = ['unread', 'read'] as const;
export type NotificationReadFilter = (typeof NOTIFICATION_READ_FILTERS)[number];

export const notificationListQuerySchema = paginationQuerySchema.extend({
  unreadOnly: z
    .enum(['true', 'false'], { error: 'Unread only must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  type: z.enum(NOTIFICATION_TYPES, { error: `Type must be one of ${NOTIFICATION_TYPES.join(', ')}` }).optional(),
  state: z.enum(NOTIFICATION_READ_FILTERS, { error: 'State must be unread or read' }).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
export type NotificationListParams = z.input<typeof notificationListQuerySchema>;

export const notificationListResponseSchema = pagedSchema(notificationSchema).extend({ unreadCount: z.number().int() });
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

export const notificationParamsSchema = z.object({ notificationId: idSchema });

export const notificationPreferencesSchema = z.object({
  emailTypes: z
    .array(z.enum(NOTIFICATION_TYPES, { error: `E-mail types must be among ${NOTIFICATION_TYPES.join(', ')}` }))
    .max(NOTIFICATION_TYPES.length)
    .transform((types) => [...new Set(types)]),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
