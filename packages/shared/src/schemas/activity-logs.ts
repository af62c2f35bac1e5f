import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { idSchema, paginationQuerySchema, sortQuerySchema } from './common.ts';
import { schemaMessages } from '../schema-messages.ts';

const dateTime = (label: string) => z.iso.datetime({ offset: true, error: m.mustBeDateTime(label) }).optional();
const text = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, m.maxLength(label, max))
    .optional()
    .transform((value) => value || undefined);

const fromBeforeTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  !query.from || !query.to || new Date(query.from) <= new Date(query.to);
const fromBeforeToError = { error: schemaMessages.fromBeforeTo, path: ['from'] };

const activityLogFilterFields = z.object({
  from: dateTime('From'),
  to: dateTime('To'),
  /** Part of the actor's e-mail. */
  actor: text('Actor', 320),
  action: text('Action', 100),
  entity: text('Entity', 100),
  locationId: idSchema.optional(),
});

/** The filters of the activity log; the list and the CSV export take the same ones. */
export const activityLogFilterSchema = activityLogFilterFields.refine(fromBeforeTo, fromBeforeToError);
export type ActivityLogFilter = z.infer<typeof activityLogFilterSchema>;

export const ACTIVITY_LOG_SORT_FIELDS = ['createdAt', 'action', 'actorEmail', 'entity'] as const;
export type ActivityLogSortField = (typeof ACTIVITY_LOG_SORT_FIELDS)[number];

export const activityLogListQuerySchema = activityLogFilterFields
  .extend({ ...paginationQuerySchema.shape, sort: sortQuerySchema(ACTIVITY_LOG_SORT_FIELDS, '-createdAt') })
  .refine(fromBeforeTo, fromBeforeToError);
export type ActivityLogListQuery = z.infer<typeof activityLogListQuerySchema>;

/** Both sides optional: a row written before a field existed must still be shown, not fail the whole page. */
export const fieldChangesSchema = z.record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() }));

export const activityLogItemSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  /** The actor's name as it is now; null when the account is gone. */
  actorName: z.string().nullable(),
  actorType: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The user's, location's, charger's or agreement's name as it is now; null when it is gone or has none. */
  entityName: z.string().nullable(),
  locationId: z.string().nullable(),
  locationName: z.string().nullable(),
  /** The location's IANA time zone: the row's time is shown in it. */
  locationTimeZone: z.string().nullable(),
  changes: fieldChangesSchema.nullable(),
  ipAddress: z.string().nullable(),
});
export type ActivityLogItem = z.infer<typeof activityLogItemSchema>;

/** Actions the API records, for the filter's suggestions; modules add theirs. Any string may be searched. */
export const ACTIVITY_ACTION_LABELS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.logout': 'Signed out',
  'auth.refused_locked': 'Sign-in refused: account locked',
  'auth.refused_backoff': 'Sign-in refused: too many attempts',
  'access.denied': 'Refused: no permission',
  export: 'Exported',
  'auth.refresh_reuse_detected': 'Stolen refresh token detected',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.invitation_accepted': 'Invitation accepted',
  'admin.invite': 'Administrator invited',
  'admin.invitation_resent': 'Invitation resent',
  'admin.update': 'Administrator changed',
  'admin.deactivate': 'Administrator deactivated',
  'admin.reactivate': 'Administrator reactivated',
  'location.create': 'Location created',
  'location.update': 'Location profile changed',
  'location.reseller': 'Reseller flag changed',
  'location.access_code': 'Access code regenerated',
  'location.delete': 'Location deleted',
  'charger.create': 'Charger registered',
  'charger.batch_create': 'Charger registered from a file',
  'charger.update': 'Charger changed',
  'charger.move_out': 'Charger moved away',
  'charger.move_in': 'Charger moved here',
  'charger.delete': 'Charger removed',
};

export const ACTIVITY_ENTITIES = ['user', 'session', 'location', 'charger'] as const;
