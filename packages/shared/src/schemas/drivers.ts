import { z } from 'zod';
import { ACCOUNT_STATUSES, MENU_ROLES } from '../constants.ts';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { EMAIL_PATTERN } from '../validation.ts';
import { alphabeticText } from './fields.ts';
import { idSchema, pagedSchema, paginationQuerySchema, searchQuerySchema, sortQuerySchema } from './common.ts';

/** RFID cards and tokens of the driver app: both reach the charger as an OCPP idTag (CiString20). */
export const ID_TAG_KINDS = ['rfid', 'app'] as const;
export type IdTagKind = (typeof ID_TAG_KINDS)[number];
export const ID_TAG_MAX_LENGTH = 20;
export const MAX_TAGS_PER_DRIVER = 10;
export const ID_TAG_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** OCPP compares idTags without case, so they are stored and compared upper-cased. */
export const normalizeIdTag = (tag: string) => tag.trim().toUpperCase();

/**
 * The OCPP parentIdTag of a driver account (a main user and its sub-users): Authorize answers it for every tag
 * of the account, and ReserveNow names it, so any of the account's tags can start on a reservation. Derived
 * from the main user's id (its last 15 hex digits, random in a UUID), 20 characters like every IdToken.
 */
export const accountParentIdTag = (mainDriverId: string) => `ACCT-${mainDriverId.replace(/-/g, '').slice(-15).toUpperCase()}`;

export const idTagValueSchema = z
  .string({ error: m.required(fieldLabels.idTag) })
  .trim()
  .min(1, { error: m.required(fieldLabels.idTag), abort: true })
  .max(ID_TAG_MAX_LENGTH, { error: m.maxLength(fieldLabels.idTag, ID_TAG_MAX_LENGTH), abort: true })
  .regex(ID_TAG_PATTERN, schemaMessages.idTagCharacters)
  .transform(normalizeIdTag);

export const idTagInputSchema = z.object({
  tag: idTagValueSchema,
  kind: z.enum(ID_TAG_KINDS, { error: m.mustBeOneOf(fieldLabels.idTagType, 'rfid', 'app') }).default('rfid'),
});
export type IdTagInput = z.input<typeof idTagInputSchema>;

const idTagsSchema = z
  .array(idTagInputSchema, { error: schemaMessages.idTagsList })
  .max(MAX_TAGS_PER_DRIVER, p.idTagsAtMost(MAX_TAGS_PER_DRIVER))
  .refine((tags) => new Set(tags.map((t) => t.tag)).size === tags.length, schemaMessages.idTagTwice);

export const PHONE_PATTERN = /^\+?[0-9 ()-]{7,20}$/;
const phoneSchema = z
  .string()
  .trim()
  .max(20, 'Phone number must be at most 20 characters')
  .refine((value) => value === '' || PHONE_PATTERN.test(value), schemaMessages.phoneCharacters);

const emailSchema = z
  .string({ error: m.required(fieldLabels.email) })
  .trim()
  .toLowerCase()
  .min(1, { error: m.required(fieldLabels.email), abort: true })
  .max(320, { error: 'Email must be at most 320 characters', abort: true })
  .regex(EMAIL_PATTERN, m.emailPattern);

export const menuRoleSchema = z.enum(MENU_ROLES, { error: m.mustBeOneOf(fieldLabels.role, 'user', 'sub-user') });
export const SUB_USER_NEEDS_MAIN = 'Choose the main user this sub-user charges on';

const driverFields = {
  firstName: alphabeticText('First name'),
  lastName: alphabeticText('Last name'),
  phoneNumber: phoneSchema.default(''),
  role: menuRoleSchema.default('user'),
  /** The main user whose account a sub-user charges on (a family or fleet). */
  mainDriverId: idSchema.nullable().default(null),
  idTags: idTagsSchema.default([]),
};

const mainUserRule = <T extends { role?: string | undefined; mainDriverId?: string | null | undefined }>(body: T) =>
  body.role !== 'sub-user' || Boolean(body.mainDriverId);

/** register-user: a PENDING driver and an invitation e-mail, as administrators are invited. */
export const registerDriverBodySchema = z
  .object({ locationId: idSchema, email: emailSchema, ...driverFields })
  .refine(mainUserRule, { error: SUB_USER_NEEDS_MAIN, path: ['mainDriverId'] });
export type RegisterDriverBody = z.infer<typeof registerDriverBodySchema>;
export type RegisterDriverInput = z.input<typeof registerDriverBodySchema>;

export const updateDriverBodySchema = z
  .object({
    firstName: driverFields.firstName.optional(),
    lastName: driverFields.lastName.optional(),
    phoneNumber: phoneSchema.optional(),
    role: menuRoleSchema.optional(),
    mainDriverId: idSchema.nullable().optional(),
    idTags: idTagsSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: schemaMessages.changeAtLeastOneField });
export type UpdateDriverBody = z.infer<typeof updateDriverBodySchema>;
export type UpdateDriverInput = z.input<typeof updateDriverBodySchema>;

export const driverParamsSchema = z.object({ driverId: idSchema });

export const DRIVER_SORT_FIELDS = ['name', 'email', 'status', 'role', 'createdAt'] as const;
export type DriverSortField = (typeof DRIVER_SORT_FIELDS)[number];

export const driverFilterSchema = z.object({
  locationId: idSchema,
  search: searchQuerySchema,
  status: z.enum(ACCOUNT_STATUSES, { error: m.mustBeOneOf(fieldLabels.status, 'PENDING, ACTIVE', 'INACTIVE') }).optional(),
  role: menuRoleSchema.optional(),
  sort: sortQuerySchema(DRIVER_SORT_FIELDS, 'name'),
});
export const driverListQuerySchema = paginationQuerySchema.extend(driverFilterSchema.shape);
export type DriverListQuery = z.infer<typeof driverListQuerySchema>;
export type DriverListParams = z.input<typeof driverFilterSchema> & { page: number; pageSize: number };
export const driverExportQuerySchema = driverFilterSchema;
export type DriverExportQuery = z.infer<typeof driverExportQuerySchema>;

/** Days a driver may charge: the spec's day filter keys. */
export const DRIVER_DAY_RULES = ['all-days', 'weekdays', 'weekends'] as const;
export type DriverDayRule = (typeof DRIVER_DAY_RULES)[number];
export const MAX_RESTRICTED_LOCATIONS = 200;
export const MAX_RESTRICTED_CHARGERS = 500;

const hourSchema = (label: string) =>
  z
    .number({ error: p.hourOfDay(label) })
    .int(p.wholeHour(label))
    .min(0, p.hourOfDay(label))
    .max(23, p.hourOfDay(label));

/**
 * Where, when and how much a driver may charge; empty lists and nulls mean no limit. Hours are the local
 * hours of the charger's location, from inclusive, to exclusive; a window may wrap past midnight (22 → 6).
 */
export const driverRestrictionsSchema = z
  .object({
    locationIds: z.array(idSchema).max(MAX_RESTRICTED_LOCATIONS, p.chooseAtMostLocations(MAX_RESTRICTED_LOCATIONS)).default([]),
    chargerIds: z.array(idSchema).max(MAX_RESTRICTED_CHARGERS, p.chooseAtMostChargers(MAX_RESTRICTED_CHARGERS)).default([]),
    days: z.enum(DRIVER_DAY_RULES, { error: m.mustBeOneOf(fieldLabels.days, 'all-days, weekdays', 'weekends') }).default('all-days'),
    hourFrom: hourSchema(fieldLabels.fromHour).nullable().default(null),
    hourTo: hourSchema(fieldLabels.toHour).nullable().default(null),
    maxKwhPerSession: z
      .number({ error: 'Maximum kWh per session must be a number' })
      .positive(schemaMessages.maxKwhPositive)
      .max(1000, schemaMessages.maxKwhPerSession)
      .nullable()
      .default(null),
    maxSessionsPerDay: z
      .number({ error: 'Maximum sessions per day must be a number' })
      .int('Maximum sessions per day must be a whole number')
      .min(1, m.mustBeLimitOrMore(fieldLabels.maxSessionsPerDay, 1))
      .max(100, m.mustBeAtMost(fieldLabels.maxSessionsPerDay, 100))
      .nullable()
      .default(null),
    expiresOn: z.iso
      .date({ error: m.mustBeDate(fieldLabels.expiryDate) })
      .nullable()
      .default(null),
  })
  .refine((value) => (value.hourFrom === null) === (value.hourTo === null), { error: schemaMessages.hoursBothOrNeither, path: ['hourTo'] })
  .refine((value) => value.hourFrom === null || value.hourFrom !== value.hourTo, {
    error: schemaMessages.hoursDiffer,
    path: ['hourTo'],
  });
export type DriverRestrictions = z.infer<typeof driverRestrictionsSchema>;
export type DriverRestrictionsInput = z.input<typeof driverRestrictionsSchema>;

export const driverRestrictionsResponseSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  restrictions: driverRestrictionsSchema,
});

/** What a location's chargers do with an ID tag no driver has. */
export const driverAccessSettingsSchema = z.object({
  locationId: idSchema,
  acceptUnknownTags: z.boolean({ error: m.mustBeTrueOrFalse(fieldLabels.acceptUnknownTags) }),
});
export type DriverAccessSettings = z.infer<typeof driverAccessSettingsSchema>;
export const driverAccessSettingsQuerySchema = z.object({ locationId: idSchema });

export const idTagSchema = z.object({ id: z.string(), tag: z.string(), kind: z.enum(ID_TAG_KINDS) });
export type IdTag = z.infer<typeof idTagSchema>;

export const driverSchema = z.object({
  id: z.string(),
  locationId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  role: menuRoleSchema,
  mainDriver: z.object({ id: z.string(), name: z.string() }).nullable(),
  subUserCount: z.number().int(),
  idTags: z.array(idTagSchema),
  sessionCount: z.number().int(),
  energyKwh: z.number(),
  /** What the driver's priced sessions cost, per currency (integer minor units). */
  costs: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })),
  /** A main user's account: its sessions and its sub-users' together (null for a sub-user, who charges on one). */
  account: z
    .object({
      sessionCount: z.number().int(),
      energyKwh: z.number(),
      costs: z.array(z.object({ currency: z.string(), amountMinor: z.number().int() })),
    })
    .nullable(),
  lastSessionAt: z.string().nullable(),
  createdAt: z.string(),
  restrictions: driverRestrictionsSchema,
});
export type Driver = z.infer<typeof driverSchema>;
export const driverListResponseSchema = pagedSchema(driverSchema);

export const driverSessionQuerySchema = paginationQuerySchema;
export const driverSessionSchema = z.object({
  id: z.string(),
  /** Who charged: the driver, or (in a main user's list) one of its sub-users. */
  driverId: z.string().nullable(),
  driverName: z.string().nullable(),
  transactionId: z.number().int(),
  chargerName: z.string(),
  locationName: z.string(),
  idTag: z.string(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  energyKwh: z.number(),
  status: z.string(),
  stopReason: z.string().nullable(),
  /** The final price (minor units), once the session has stopped and been priced. */
  cost: z.object({ currency: z.string(), amountMinor: z.number().int() }).nullable(),
});
export type DriverSession = z.infer<typeof driverSessionSchema>;
export const driverSessionsResponseSchema = pagedSchema(driverSessionSchema);

/** CSV import: one driver a row; row numbers count the header as row 1. */
export const DRIVER_IMPORT_COLUMNS = ['email', 'firstName', 'lastName', 'phoneNumber', 'role', 'mainUserEmail', 'idTags'] as const;
export const DRIVER_IMPORT_MAX_ROWS = 1000;
export const driverImportRowErrorSchema = z.object({ row: z.number().int(), email: z.string(), errors: z.array(z.string()) });
export type DriverImportRowError = z.infer<typeof driverImportRowErrorSchema>;
export const driverImportResultSchema = z.object({ created: z.number().int() });
export type DriverImportResult = z.infer<typeof driverImportResultSchema>;
export const driverImportErrorResponseSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  code: z.string().optional(),
  rows: z.array(driverImportRowErrorSchema).optional(),
});
