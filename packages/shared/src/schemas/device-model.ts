import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { pagedSchema, paginationQuerySchema, searchQuerySchema } from './common.ts';
import { fieldLabels } from '../schema-messages.ts';

/** Names in an OCPP 2.0.1 device model are identifiers of at most 50 characters (ComponentType, VariableType). */
const name = (field: string) => z.string().trim().min(1, m.isRequired(field)).max(50, m.maxLength(field, 50));

export const deviceModelQuerySchema = paginationQuerySchema.extend({
  /** Only this component's variables (exact name, e.g. OCPPCommCtrlr). */
  component: name('Component').optional(),
  /** Matches component, variable or value, case-insensitively. */
  q: searchQuerySchema,
});
export type DeviceModelQuery = z.infer<typeof deviceModelQuerySchema>;

export const deviceVariableSchema = z.object({
  component: z.string(),
  componentInstance: z.string().nullable(),
  evseId: z.number().int().nullable(),
  connectorId: z.number().int().nullable(),
  variable: z.string(),
  variableInstance: z.string().nullable(),
  attributeType: z.string(),
  value: z.string().nullable(),
  mutability: z.enum(['ReadOnly', 'WriteOnly', 'ReadWrite']),
  dataType: z.string().nullable(),
  unit: z.string().nullable(),
  updatedAt: z.string(),
});
export type DeviceVariable = z.infer<typeof deviceVariableSchema>;

export const deviceModelPageSchema = pagedSchema(deviceVariableSchema).extend({
  /** The latest report: null before the charger sent one; complete false while parts are still to come. */
  report: z.object({ requestId: z.number().int(), complete: z.boolean(), generatedAt: z.string() }).nullable(),
  /** Every component name, for the filter. */
  components: z.array(z.string()),
});
export type DeviceModelPage = z.infer<typeof deviceModelPageSchema>;

export const setDeviceVariableBodySchema = z.object({
  component: name('Component'),
  componentInstance: name(fieldLabels.componentInstance).optional(),
  variable: name('Variable'),
  instance: name(fieldLabels.variableInstance).optional(),
  evseId: z.number().int().min(0).optional(),
  /** OCPP 2.0.1 SetVariableData.attributeValue: at most 1000 characters. */
  value: z.string().max(1000, 'Value must be at most 1000 characters'),
});
export type SetDeviceVariableBody = z.infer<typeof setDeviceVariableBodySchema>;

export const setDeviceVariableResultSchema = z.object({
  responseCode: z.number().int(),
  msg: z.array(z.string()),
  /** The charger's SetVariableResult.attributeStatus: Accepted or RebootRequired. */
  status: z.enum(['Accepted', 'RebootRequired']),
});
export type SetDeviceVariableResult = z.infer<typeof setDeviceVariableResultSchema>;
