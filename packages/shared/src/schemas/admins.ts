import { z } from 'zod';
import { ACCOUNT_STATUSES } from '../constants.ts';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { isAdminType, reachesAllLocations, USER_TYPES } from '../roles.ts';
import { EMAIL_PATTERN, validateAlphabetic } from '../validation.ts';
import { idSchema, paginationQuerySchema, searchQuerySchema, sortQuerySchema } from './common.ts';

export const accountStatusSchema = z.enum(ACCOUNT_STATUSES);

/** Only administrator types can be invited or assigned through administrator management. */
export const adminTypeSchema = z.enum(USER_TYPES, { error: schemaMessages.adminType }).refine(isAdminType, schemaMessages.adminType);

const nameSchema = (label: string) =>
  z
    .string({ error: m.required(label) })
    .trim()
    .min(1, { error: m.required(label), abort: true })
    .max(100, { error: m.maxLength(label, 100), abort: true })
    .refine((value) => !validateAlphabetic(label)(value), m.alphabetic(label));

export const LOCATIONS_REQUIRED_MESSAGE = 'Choose at least one location';
export const MAX_ADMIN_LOCATIONS = 500;

const locationIdsSchema = z
  .array(idSchema, { error: schemaMessages.locationIdList })
  .max(MAX_ADMIN_LOCATIONS, p.chooseAtMostLocations(MAX_ADMIN_LOCATIONS));

export const inviteAdminBodySchema = z
  .object({
    email: z
      .string({ error: m.required(fieldLabels.email) })
      .trim()
      .toLowerCase()
      .min(1, { error: m.required(fieldLabels.email), abort: true })
      .max(320, { error: 'Email must be at most 320 characters', abort: true })
      .regex(EMAIL_PATTERN, m.emailPattern),
    firstName: nameSchema('First name'),
    lastName: nameSchema('Last name'),
    userType: adminTypeSchema,
    locationIds: locationIdsSchema,
  })
  .refine((body) => reachesAllLocations(body.userType) || body.locationIds.length > 0, {
    error: LOCATIONS_REQUIRED_MESSAGE,
    path: ['locationIds'],
  });
export type InviteAdminBody = z.infer<typeof inviteAdminBodySchema>;

/** Either field may be left out; the account's type and locations are checked together afterwards. */
export const updateAdminBodySchema = z
  .object({ userType: adminTypeSchema.optional(), locationIds: locationIdsSchema.optional() })
  .refine((body) => body.userType !== undefined || body.locationIds !== undefined, {
    error: schemaMessages.adminChange,
  });
export type UpdateAdminBody = z.infer<typeof updateAdminBodySchema>;

export const adminParamsSchema = z.object({ userId: idSchema });

export const ADMIN_SORT_FIELDS = ['name', 'email', 'userType', 'status', 'createdAt', 'lastSignInAt'] as const;
export type AdminSortField = (typeof ADMIN_SORT_FIELDS)[number];

export const adminListQuerySchema = paginationQuerySchema.extend({
  search: searchQuerySchema,
  sort: sortQuerySchema(ADMIN_SORT_FIELDS, 'name'),
  status: accountStatusSchema.optional(),
  userType: adminTypeSchema.optional(),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

export const adminLocationSchema = z.object({ id: z.string(), name: z.string() });

export const adminListItemSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(USER_TYPES),
  status: accountStatusSchema,
  /** The locations of this administrator that the caller reaches. */
  locations: z.array(adminLocationSchema),
  /** Locations of this administrator outside the caller's reach: counted, not named. */
  hiddenLocationCount: z.number().int(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  /** Whether the caller may change, deactivate or reactivate this administrator. */
  canManage: z.boolean(),
});
export type AdminListItem = z.infer<typeof adminListItemSchema>;
