import { z } from 'zod';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { CHARGER_KINDS, CHARGER_STATUSES, CONNECTOR_TYPES, LAST_KNOWN_STATUSES, OCPP_VERSIONS } from '../constants.ts';
import { chargerLiveSchema, ocppPasswordSchema } from './charging.ts';
import { idSchema, paginationQuerySchema, searchQuerySchema, sortQuerySchema } from './common.ts';
import { nonNegativeNumber, optionalText, requiredText } from './fields.ts';

export { CONNECTOR_TYPES };

/** OCPP charge point identities: letters, digits, dot, dash, underscore; the id chargers connect with. */
export const chargerIdSchema = requiredText('Charger id', 48).regex(/^[A-Za-z0-9._-]+$/, schemaMessages.chargerId);

/** No defaults here: the update schema is its partial, and a default would overwrite fields not sent. */
export const chargerDetailsSchema = z.object({
  name: requiredText('Name', 80),
  kind: z.enum(CHARGER_KINDS, { error: p.oneOf(fieldLabels.kind, CHARGER_KINDS.join(', ')) }),
  model: optionalText('Model', 80),
  serialNumber: optionalText('Serial number', 64),
  connectorTypes: z
    .array(z.enum(CONNECTOR_TYPES, { error: p.among(fieldLabels.connectorTypes, CONNECTOR_TYPES.join(', ')) }))
    .max(4, schemaMessages.connectorTypesAtMost),
  maxPowerKw: nonNegativeNumber('Max power (kW)', 1000),
});

export const createChargerBodySchema = chargerDetailsSchema.extend({
  locationId: idSchema,
  chargerId: chargerIdSchema,
  thingName: optionalText('Thing name', 128).optional(),
  /** The charger's HTTP Basic password (OCPP security profile 1); generated when not given. */
  ocppPassword: ocppPasswordSchema.optional(),
  model: chargerDetailsSchema.shape.model.default(''),
  serialNumber: chargerDetailsSchema.shape.serialNumber.default(''),
  connectorTypes: chargerDetailsSchema.shape.connectorTypes.default([]),
  maxPowerKw: chargerDetailsSchema.shape.maxPowerKw.default(7.2),
});
export type CreateChargerBody = z.infer<typeof createChargerBodySchema>;

export const updateChargerBodySchema = chargerDetailsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: schemaMessages.sendFieldToChange });
export type UpdateChargerBody = z.infer<typeof updateChargerBodySchema>;

export const moveChargerBodySchema = z.object({ locationId: idSchema });
export const chargerIdParamsSchema = z.object({ id: idSchema });

export const chargerSchema = z.object({
  id: z.string(),
  chargerId: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  name: z.string(),
  thingName: z.string(),
  kind: z.enum(CHARGER_KINDS),
  model: z.string(),
  serialNumber: z.string(),
  connectorTypes: z.array(z.string()),
  maxPowerKw: z.number(),
  status: z.enum(CHARGER_STATUSES),
  /** What the charger last reported, kept while it is offline (or in maintenance); null until it reports a status. */
  lastKnownStatus: z.enum(LAST_KNOWN_STATUSES).nullable(),
  lastSeenAt: z.string().nullable(),
  /** Assigned to a software licence that has not expired (License menu); the control center flags the others. */
  licensed: z.boolean(),
  /** A demo charger no simulator runs: shown as not connected (demo), not offline, and never notified offline. */
  demoNotConnected: z.boolean(),
  /** The OCPP version of the charger's latest connection; null until it first connects. */
  ocppVersion: z.enum(OCPP_VERSIONS).nullable(),
  ...chargerLiveSchema.shape,
});
export type Charger = z.infer<typeof chargerSchema>;

/** Registration answers the OCPP password once, for whoever configures the charger; it is stored hashed. */
export const createdChargerSchema = chargerSchema.extend({ ocppPassword: z.string() });
export type CreatedCharger = z.infer<typeof createdChargerSchema>;

export const CHARGER_SORT_FIELDS = ['name', 'chargerId', 'status', 'kind', 'lastSeenAt'] as const;

/**
 * One value, several (`status=a&status=b`) or a comma-separated list (`status=a,b`). Typed for clients
 * (z.input) as one value or an array of them: the preprocess step alone would type the input as unknown.
 */
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess((value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value), z.array(item)) as unknown as z.ZodType<
    z.output<T>[],
    z.input<T> | z.input<T>[]
  >;

export const chargerListQuerySchema = paginationQuerySchema.extend({
  /** Omitted: every location in reach (the all-locations view of users with Locations_Multi). */
  locationId: idSchema.optional(),
  search: searchQuerySchema,
  status: listOf(z.enum(CHARGER_STATUSES, { error: p.among(fieldLabels.status, CHARGER_STATUSES.join(', ')) })).optional(),
  kind: listOf(z.enum(CHARGER_KINDS, { error: p.among(fieldLabels.kind, CHARGER_KINDS.join(', ')) })).optional(),
  sort: sortQuerySchema(CHARGER_SORT_FIELDS, 'name'),
});
export type ChargerListQuery = z.infer<typeof chargerListQuerySchema>;

export const statusCountsSchema = z.object(
  Object.fromEntries(CHARGER_STATUSES.map((status) => [status, z.number().int()])) as Record<(typeof CHARGER_STATUSES)[number], z.ZodNumber>,
);
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const chargerListResponseSchema = z.object({
  items: z.array(chargerSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Counts over the location (or all in reach), before the status filter, so the cards stay meaningful. */
  statusCounts: statusCountsSchema,
});
export type ChargerListResponse = z.infer<typeof chargerListResponseSchema>;

/** One row of a charger batch (CSV); row numbers count the header as row 1. */
export const batchRowErrorSchema = z.object({ row: z.number().int(), chargerId: z.string(), errors: z.array(z.string()) });
export type BatchRowError = z.infer<typeof batchRowErrorSchema>;

export const BATCH_COLUMNS = ['chargerId', 'name', 'kind', 'model', 'serialNumber', 'connectorTypes', 'maxPowerKw', 'ocppPassword'] as const;
export const BATCH_MAX_ROWS = 1000;

export const batchResultSchema = z.object({ created: z.number().int(), chargers: z.array(createdChargerSchema) });
export const batchErrorResponseSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  code: z.string().optional(),
  /** Present when rows were read: every row with errors. */
  rows: z.array(batchRowErrorSchema).optional(),
});
