import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { idSchema } from './common.ts';

/**
 * Dynamic power (menu dpo): a location's grid connection (Power_Grid_*), its charging limit and how it is
 * shared (DPO_*), and which chargers reach the network through a gateway (Mesh_Config_*). Power is in kW on
 * the wire (what people type and read), whole watts in the database and in OCPP charging profiles.
 */

export const SUPPLY_UNITS = ['kW', 'A'] as const;
export type SupplyUnit = (typeof SUPPLY_UNITS)[number];
export const LIMIT_MODES = ['fixed', 'time-of-day'] as const;
export type LimitMode = (typeof LIMIT_MODES)[number];
export const CHARGER_PRIORITIES = ['normal', 'high'] as const;
export type ChargerPriority = (typeof CHARGER_PRIORITIES)[number];
export const MESH_LINKS = ['direct', 'gateway', 'controller'] as const;
export type MeshLink = (typeof MESH_LINKS)[number];

/** The smallest current an EV accepts under IEC 61851 is 6 A: at 230 V on one phase that is 1.38 kW. */
export const DEFAULT_MIN_SESSION_KW = 1.4;

const kw = (label: string, max: number) =>
  z
    .number({ error: m.nonNegativeNumber(label) })
    .min(0, m.nonNegativeNumber(label))
    .max(max, m.mustBeAtMost(label, max.toLocaleString('en-US')))
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-6, {
      error: p.oneDecimal(label),
    });

const hourSchema = (label: string) =>
  z
    .number({ error: p.hourChoice(label) })
    .int(p.hourChoice(label))
    .min(0)
    .max(23);

export const locationIdQuerySchema = z.object({ locationId: idSchema });

export const gridConnectionSchema = z
  .object({
    supplyUnit: z.enum(SUPPLY_UNITS, { error: m.mustBeOneOf(fieldLabels.supplyUnit, 'kW', 'A') }),
    /** kW for the whole connection, or amps per phase. */
    supplyCapacity: kw(fieldLabels.supplyCapacity, 100_000).refine((value) => value > 0, { error: schemaMessages.supplyCapacityPositive }),
    phases: z.union([z.literal(1), z.literal(3)], { error: m.mustBeOneOf(fieldLabels.phases, '1', '3') }),
    voltage: z
      .number({ error: m.mustBeNumber(fieldLabels.voltage) })
      .int('Voltage must be a whole number')
      .min(100, schemaMessages.voltageRange)
      .max(1000, schemaMessages.voltageRange),
  })
  .strict();
export type GridConnection = z.infer<typeof gridConnectionSchema>;
export const updateGridBodySchema = gridConnectionSchema.extend({ locationId: idSchema }).strict();
export type UpdateGridBody = z.infer<typeof updateGridBodySchema>;

export const limitPeriodSchema = z.object({
  startHour: hourSchema(fieldLabels.startHour),
  endHour: hourSchema(fieldLabels.endHour),
  limitKw: kw(fieldLabels.limit, 100_000),
});
export type LimitPeriod = z.infer<typeof limitPeriodSchema>;

export const dpoSettingsSchema = z.object({
  enabled: z.boolean({ error: m.mustBeTrueOrFalse(fieldLabels.enabled) }),
  limitMode: z.enum(LIMIT_MODES, { error: schemaMessages.limitMode }),
  /** Fixed mode: the limit; time-of-day mode: the limit outside every period. */
  limitKw: kw(fieldLabels.chargingLimit, 100_000),
  periods: z.array(limitPeriodSchema).max(24, schemaMessages.periodsAtMost),
  minPerSessionKw: kw(fieldLabels.minimumPerSession, 1_000),
});
export type DpoSettings = z.infer<typeof dpoSettingsSchema>;

export const updateDpoBodySchema = dpoSettingsSchema
  .extend({ locationId: idSchema })
  .strict()
  .superRefine((body, ctx) => {
    if (body.limitMode === 'time-of-day' && !body.periods.length)
      ctx.addIssue({ code: 'custom', path: ['periods'], message: schemaMessages.limitPeriodsAtLeast });
    for (const [index, period] of body.periods.entries())
      if (period.startHour === period.endHour)
        ctx.addIssue({ code: 'custom', path: ['periods', index, 'endHour'], message: schemaMessages.periodHours });
  });
export type UpdateDpoBody = z.infer<typeof updateDpoBodySchema>;

export const chargerPriorityBodySchema = z
  .object({ priority: z.enum(CHARGER_PRIORITIES, { error: m.mustBeOneOf(fieldLabels.priority, 'normal', 'high') }) })
  .strict();
export const chargerParamsSchema = z.object({ chargerId: idSchema });

export const dpoSessionSchema = z.object({
  transactionId: z.number().int(),
  connectorId: z.number().int(),
  allocatedKw: z.number().nullable(),
  actualKw: z.number().nullable(),
  /** The charger's answer to the last SetChargingProfile: Accepted, Rejected, or why it was not sent. */
  profileStatus: z.string().nullable(),
});

export const dpoChargerSchema = z.object({
  id: z.string(),
  chargerId: z.string(),
  name: z.string(),
  status: z.string(),
  connected: z.boolean(),
  /** False when the charger reaches the network through a gateway that is offline. */
  reachable: z.boolean(),
  priority: z.enum(CHARGER_PRIORITIES),
  maxPowerKw: z.number(),
  allocatedKw: z.number(),
  actualKw: z.number(),
  sessions: z.array(dpoSessionSchema),
});
export type DpoCharger = z.infer<typeof dpoChargerSchema>;

export const dpoOverviewSchema = z.object({
  locationId: z.string(),
  timeZone: z.string(),
  grid: gridConnectionSchema.nullable(),
  gridCapacityKw: z.number().nullable(),
  settings: dpoSettingsSchema,
  /** What sessions may share now: the limit in force (period or fixed), never above the grid capacity. */
  effectiveLimitKw: z.number().nullable(),
  allocatedKw: z.number(),
  actualKw: z.number(),
  chargers: z.array(dpoChargerSchema),
});
export type DpoOverview = z.infer<typeof dpoOverviewSchema>;

export const updateMeshBodySchema = z
  .object({
    link: z.enum(MESH_LINKS, { error: schemaMessages.meshLink }),
    gatewayChargerId: idSchema.nullable().default(null),
    controllerName: z.string().trim().max(100, 'Controller name must be at most 100 characters').nullable().default(null),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.link === 'gateway' && !body.gatewayChargerId)
      ctx.addIssue({ code: 'custom', path: ['gatewayChargerId'], message: schemaMessages.gatewayCharger });
    if (body.link === 'controller' && !body.controllerName)
      ctx.addIssue({ code: 'custom', path: ['controllerName'], message: m.required(fieldLabels.controllerName) });
  });
export type UpdateMeshBody = z.input<typeof updateMeshBodySchema>;

export const meshNodeSchema = z.object({
  id: z.string(),
  chargerId: z.string(),
  name: z.string(),
  connected: z.boolean(),
  link: z.enum(MESH_LINKS),
  gatewayId: z.string().nullable(),
  controllerName: z.string().nullable(),
  /** online, offline (its own link is down) or unreachable (its gateway is offline). */
  reach: z.enum(['online', 'offline', 'unreachable']),
});
export type MeshNode = z.infer<typeof meshNodeSchema>;
export const meshResponseSchema = z.object({ nodes: z.array(meshNodeSchema) });
export type MeshResponse = z.infer<typeof meshResponseSchema>;
