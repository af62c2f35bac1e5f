import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { CONNECTOR_TYPES, OCPP_PASSWORD_MAX_LENGTH, OCPP_PASSWORD_MIN_LENGTH } from '../constants.ts';
import { idSchema, pagedSchema, paginationQuerySchema, sortQuerySchema } from './common.ts';
import { sessionCostSchema, sessionPriceSchema } from './tariffs.ts';
import { LIVE_EVENT_FIELDS } from '../live-event.ts';

/** OCPP 1.6 ChargePointStatus values, as connectors report them. */
export const CONNECTOR_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEVSE',
  'SuspendedEV',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
] as const;
export type ConnectorStatus = (typeof CONNECTOR_STATUSES)[number];

/** What the network wants a charger to be: maintenance sets it inoperative until taken out again. */
export const AVAILABILITIES = ['operative', 'inoperative'] as const;
export type Availability = (typeof AVAILABILITIES)[number];

/** Printable ASCII, as HTTP Basic carries it; the OCPP security whitepaper bounds the length. */
export const ocppPasswordSchema = z
  .string({ error: m.mustBeText(fieldLabels.ocppPassword) })
  .min(OCPP_PASSWORD_MIN_LENGTH, m.minLength(fieldLabels.ocppPassword, OCPP_PASSWORD_MIN_LENGTH))
  .max(OCPP_PASSWORD_MAX_LENGTH, m.maxLength(fieldLabels.ocppPassword, OCPP_PASSWORD_MAX_LENGTH))
  .regex(/^[\x21-\x7e]+$/, schemaMessages.ocppPasswordCharacters);

export const connectorStateSchema = z.object({
  connectorId: z.number().int(),
  status: z.enum(CONNECTOR_STATUSES),
  errorCode: z.string(),
  info: z.string().nullable(),
  updatedAt: z.string(),
});
export type ConnectorState = z.infer<typeof connectorStateSchema>;

/** A session still running, as the control center shows it. */
export const activeSessionSchema = z.object({
  id: z.string(),
  transactionId: z.number().int(),
  connectorId: z.number().int(),
  idTag: z.string(),
  /** The tag's driver when the session started; null for an unknown tag (free vend). */
  driverName: z.string().nullable(),
  startedAt: z.string(),
  energyKwh: z.number(),
  powerKw: z.number().nullable(),
  /** The running cost: the pricing engine's live estimate. */
  cost: sessionCostSchema,
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** The live part of a charger: what OCPP messages change. */
export const chargerLiveSchema = z.object({
  connected: z.boolean(),
  availability: z.enum(AVAILABILITIES),
  firmwareVersion: z.string().nullable(),
  connectors: z.array(connectorStateSchema),
  activeSessions: z.array(activeSessionSchema),
});
export type ChargerLive = z.infer<typeof chargerLiveSchema>;

export { LIVE_EVENT_FIELDS, readLiveEvent, type LiveEvent } from '../live-event.ts';

/** The live feed's event as a schema, from the same field list as `readLiveEvent`. */
export const liveEventSchema = z.object(
  Object.fromEntries(LIVE_EVENT_FIELDS.map((field) => [field, z.string()])) as Record<(typeof LIVE_EVENT_FIELDS)[number], z.ZodString>,
);

export const liveFeedQuerySchema = z.object({ locationId: idSchema.optional() });

// Remote actions. Each is its own route, so each has its own permission and audit action.

export const resetBodySchema = z.object({
  type: z.enum(['Soft', 'Hard'], { error: m.mustBeOneOf(fieldLabels.type, 'Soft', 'Hard') }),
});
export const unlockBodySchema = z.object({
  connectorId: z
    .number({ error: m.mustBeNumber(fieldLabels.connector) })
    .int()
    .min(1, m.mustBeLimitOrMore(fieldLabels.connector, 1))
    .max(16),
});
const idTagSchema = z
  .string({ error: m.isRequired(fieldLabels.remoteIdTag) })
  .trim()
  .min(1, m.isRequired(fieldLabels.remoteIdTag))
  .max(20, m.maxLength(fieldLabels.remoteIdTag, 20));
export const remoteStartBodySchema = z.object({
  connectorId: z
    .number({ error: m.mustBeNumber(fieldLabels.connector) })
    .int()
    .min(1, m.mustBeLimitOrMore(fieldLabels.connector, 1))
    .max(16)
    .optional(),
  idTag: idTagSchema,
});
export const remoteStopBodySchema = z.object({
  transactionId: z.number({ error: m.mustBeNumber(fieldLabels.transactionId) }).int(),
});
export const availabilityBodySchema = z.object({
  /** 0: the whole charger. */
  connectorId: z
    .number({ error: m.mustBeNumber(fieldLabels.connector) })
    .int()
    .min(0)
    .max(16)
    .default(0),
  type: z.enum(['Operative', 'Inoperative'], { error: m.mustBeOneOf(fieldLabels.type, 'Operative', 'Inoperative') }),
});
export const diagnosticsBodySchema = z.object({
  /** Where the charger uploads its diagnostics file (FTP or HTTP(S) server of the operator). */
  location: z
    .string({ error: m.isRequired(fieldLabels.uploadLocation) })
    .trim()
    .max(512)
    .regex(/^(ftps?|https?):\/\/\S+$/, schemaMessages.uploadLocationAddress),
  startTime: z.iso.datetime({ offset: true, error: 'Start time must be a date and time' }).optional(),
  stopTime: z.iso.datetime({ offset: true, error: 'Stop time must be a date and time' }).optional(),
});

/** What a charger answered to a remote action. */
export const commandResultSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  status: z.string(),
  fileName: z.string().optional(),
});
export type CommandResult = z.infer<typeof commandResultSchema>;

export const ocppPasswordResponseSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  ocppPassword: z.string(),
});

// Maintenance

export const maintenanceBodySchema = z.object({
  chargerIds: z.array(idSchema).min(1, schemaMessages.selectCharger).max(500, schemaMessages.chargersAtOnce),
  inMaintenance: z.boolean({ error: m.mustBeTrueOrFalse(fieldLabels.inMaintenance) }),
});
export type MaintenanceBody = z.infer<typeof maintenanceBodySchema>;

export const maintenanceResultSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  /** Connected chargers answered now; the others get it when they reconnect. */
  applied: z.array(z.object({ id: z.string(), chargerId: z.string(), status: z.string() })),
  pending: z.array(z.object({ id: z.string(), chargerId: z.string() })),
});
export type MaintenanceResult = z.infer<typeof maintenanceResultSchema>;

// Sessions

export const SESSION_STATUSES = ['active', 'completed'] as const;
export const SESSION_SORT_FIELDS = ['startedAt', 'stoppedAt', 'energyKwh', 'chargerName'] as const;

/** A session's connector type is its charger's type at that connector; 'Unknown' when the charger does not list it. */
export const SESSION_CONNECTOR_TYPES = [...CONNECTOR_TYPES, 'Unknown'] as const;

export const sessionListQuerySchema = paginationQuerySchema.extend({
  locationId: idSchema,
  from: z.iso.date({ error: m.mustBeDate(fieldLabels.from) }).optional(),
  to: z.iso.date({ error: m.mustBeDate(fieldLabels.to) }).optional(),
  chargerId: idSchema.optional(),
  /** The driver's id tag, or part of it. */
  driver: z.string().trim().max(40, 'Driver must be at most 40 characters').optional(),
  status: z.enum(SESSION_STATUSES, { error: m.mustBeOneOf(fieldLabels.status, 'active', 'completed') }).optional(),
  /** The connector the session used, as the dashboard's connector-type bars count it ('Unknown': not recorded). */
  connectorType: z.enum(SESSION_CONNECTOR_TYPES, { error: p.oneOf(fieldLabels.connectorType, SESSION_CONNECTOR_TYPES.join(', ')) }).optional(),
  sort: sortQuerySchema(SESSION_SORT_FIELDS, '-startedAt'),
});
export type SessionListQuery = z.infer<typeof sessionListQuerySchema>;
export const sessionExportQuerySchema = sessionListQuerySchema.omit({ page: true, pageSize: true });

export const chargingSessionSchema = z.object({
  id: z.string(),
  transactionId: z.number().int(),
  chargerId: z.string(),
  chargerCode: z.string(),
  chargerName: z.string(),
  locationId: z.string(),
  connectorId: z.number().int(),
  idTag: z.string(),
  /** The name of the driver the tag belonged to when the session started; null for an unknown tag (free vend). */
  driverName: z.string().nullable(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  energyKwh: z.number(),
  powerKw: z.number().nullable(),
  stopReason: z.string().nullable(),
  status: z.enum(SESSION_STATUSES),
  /** Final once the session stopped, the live estimate while it runs; null without rates. */
  cost: sessionCostSchema,
});
export type ChargingSession = z.infer<typeof chargingSessionSchema>;
export const sessionListResponseSchema = pagedSchema(chargingSessionSchema);
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

export const meterSampleSchema = z.object({
  at: z.string(),
  energyKwh: z.number().nullable(),
  powerKw: z.number().nullable(),
  currentA: z.number().nullable(),
  voltageV: z.number().nullable(),
  soc: z.number().nullable(),
});
export type MeterSample = z.infer<typeof meterSampleSchema>;
export const sessionDetailSchema = chargingSessionSchema.extend({ samples: z.array(meterSampleSchema), price: sessionPriceSchema.nullable() });
export type SessionDetail = z.infer<typeof sessionDetailSchema>;
export const sessionIdParamsSchema = z.object({ id: idSchema });

// The charger's own log: connections, refusals, messages of note, commands.

export const chargerEventSchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.string(),
  summary: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
});
export type ChargerEvent = z.infer<typeof chargerEventSchema>;
export const chargerEventsQuerySchema = paginationQuerySchema;
export const chargerEventsResponseSchema = pagedSchema(chargerEventSchema);

export const maintenanceQuerySchema = z.object({ locationId: idSchema });
export const maintenanceHistoryItemSchema = z.object({
  at: z.string(),
  chargerId: z.string(),
  action: z.enum(['start', 'end']),
  actorEmail: z.string().nullable(),
});
export const maintenanceOverviewSchema = z.object({
  /** Chargers of the location in maintenance now; `connected` false means it is applied on reconnect. */
  chargers: z.array(z.object({ id: z.string(), chargerId: z.string(), name: z.string(), connected: z.boolean(), status: z.string() })),
  history: z.array(maintenanceHistoryItemSchema),
});
export type MaintenanceOverview = z.infer<typeof maintenanceOverviewSchema>;
