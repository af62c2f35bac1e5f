import { z } from 'zod';
import { ocpiDateTimeSchema, ocpiDisplayTextSchema, ocpiId } from './types.ts';

/**
 * The OCPI 2.2.1 Locations module's objects as its text defines them ("Location Object", "EVSE Object",
 * "Connector Object", the GeoLocation, Hours, RegularHours, ExceptionalPeriod, BusinessDetails and DisplayText
 * classes, the Status, ConnectorType, ConnectorFormat, PowerType and Capability enums). What we send is checked
 * against these in tests. They hold the fields we fill and are strict, so a field we did not mean to send (or a
 * misspelt one) fails; optional fields we never send (images, energy_mix, facilities, …) are left out.
 */
const displayText = ocpiDisplayTextSchema.strict();
const hourMinute = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const OCPI_EVSE_STATUSES = [
  'AVAILABLE',
  'BLOCKED',
  'CHARGING',
  'INOPERATIVE',
  'OUTOFORDER',
  'PLANNED',
  'REMOVED',
  'RESERVED',
  'UNKNOWN',
] as const;
export type OcpiEvseStatus = (typeof OCPI_EVSE_STATUSES)[number];

export const OCPI_CONNECTOR_TYPES = [
  'CHADEMO', 'CHAOJI', 'DOMESTIC_A', 'DOMESTIC_B', 'DOMESTIC_C', 'DOMESTIC_D', 'DOMESTIC_E', 'DOMESTIC_F', 'DOMESTIC_G',
  'DOMESTIC_H', 'DOMESTIC_I', 'DOMESTIC_J', 'DOMESTIC_K', 'DOMESTIC_L', 'DOMESTIC_M', 'DOMESTIC_N', 'DOMESTIC_O', 'GBT_AC',
  'GBT_DC', 'IEC_60309_2_single_16', 'IEC_60309_2_three_16', 'IEC_60309_2_three_32', 'IEC_60309_2_three_64', 'IEC_62196_T1',
  'IEC_62196_T1_COMBO', 'IEC_62196_T2', 'IEC_62196_T2_COMBO', 'IEC_62196_T3A', 'IEC_62196_T3C', 'NEMA_5_20', 'NEMA_6_30',
  'NEMA_6_50', 'NEMA_10_30', 'NEMA_10_50', 'NEMA_14_30', 'NEMA_14_50', 'PANTOGRAPH_BOTTOM_UP', 'PANTOGRAPH_TOP_DOWN', 'TESLA_R', 'TESLA_S',
] as const; // prettier-ignore
export type OcpiConnectorType = (typeof OCPI_CONNECTOR_TYPES)[number];
export const OCPI_CONNECTOR_FORMATS = ['SOCKET', 'CABLE'] as const;
export const OCPI_POWER_TYPES = ['AC_1_PHASE', 'AC_2_PHASE', 'AC_2_PHASE_SPLIT', 'AC_3_PHASE', 'DC'] as const;
export type OcpiPowerType = (typeof OCPI_POWER_TYPES)[number];
export const OCPI_CAPABILITIES = [
  'CHARGING_PROFILE_CAPABLE', 'CHARGING_PREFERENCES_CAPABLE', 'CHIP_CARD_SUPPORT', 'CONTACTLESS_CARD_SUPPORT', 'CREDIT_CARD_PAYABLE',
  'DEBIT_CARD_PAYABLE', 'PED_TERMINAL', 'REMOTE_START_STOP_CAPABLE', 'RESERVABLE', 'RFID_READER', 'START_SESSION_CONNECTOR_REQUIRED',
  'TOKEN_GROUP_CAPABLE', 'UNLOCK_CAPABLE',
] as const; // prettier-ignore

/** WGS 84 in decimal degrees as strings, with the spec's own regexes (5 to 7 decimals). */
export const ocpiGeoLocationSchema = z
  .object({ latitude: z.string().regex(/^-?[0-9]{1,2}\.[0-9]{5,7}$/), longitude: z.string().regex(/^-?[0-9]{1,3}\.[0-9]{5,7}$/) })
  .strict();

const exceptionalPeriod = z.object({ period_begin: ocpiDateTimeSchema, period_end: ocpiDateTimeSchema }).strict();
export const ocpiHoursSchema = z
  .object({
    twentyfourseven: z.boolean(),
    regular_hours: z
      .array(z.object({ weekday: z.number().int().min(1).max(7), period_begin: hourMinute, period_end: hourMinute }).strict())
      .optional(),
    exceptional_openings: z.array(exceptionalPeriod).optional(),
    exceptional_closings: z.array(exceptionalPeriod).optional(),
  })
  .strict()
  // "regular_hours: only to be used if twentyfourseven=false, then this field needs to contain at least one".
  .refine(
    (hours) => (hours.twentyfourseven ? !hours.regular_hours?.length : (hours.regular_hours?.length ?? 0) > 0),
    'regular_hours exactly when not twentyfourseven',
  );

/** BusinessDetails as we send it (the operator); credentials.ts has the partner-facing one with a logo. */
const operatorSchema = z.object({ name: z.string().min(1).max(100), website: z.url().optional() }).strict();

export const ocpiConnectorSchema = z
  .object({
    id: ocpiId(36),
    standard: z.enum(OCPI_CONNECTOR_TYPES),
    format: z.enum(OCPI_CONNECTOR_FORMATS),
    power_type: z.enum(OCPI_POWER_TYPES),
    max_voltage: z.number().int().positive(),
    max_amperage: z.number().int().positive(),
    max_electric_power: z.number().int().positive().optional(),
    tariff_ids: z.array(ocpiId(36)).optional(),
    terms_and_conditions: z.url().optional(),
    last_updated: ocpiDateTimeSchema,
  })
  .strict();
export type OcpiConnector = z.infer<typeof ocpiConnectorSchema>;

/**
 * eMI3 EVSE ID ("Part 2: business objects", also ISO 15118-2 Annex H): country (alpha-2), operator id (3
 * alphanumerics), "E", then the power outlet id (alphanumerics and '*', at most 31); the '*' separators may be left out.
 */
export const EMI3_EVSE_ID = /^[A-Z]{2}\*?[A-Z0-9]{3}\*?E[A-Z0-9*]{1,31}$/i;

export const ocpiEvseSchema = z
  .object({
    uid: ocpiId(36),
    evse_id: z.string().max(48).regex(EMI3_EVSE_ID).optional(),
    status: z.enum(OCPI_EVSE_STATUSES),
    capabilities: z.array(z.enum(OCPI_CAPABILITIES)).optional(),
    connectors: z.array(ocpiConnectorSchema).min(1),
    floor_level: z.string().max(4).optional(),
    coordinates: ocpiGeoLocationSchema.optional(),
    physical_reference: z.string().max(16).optional(),
    directions: z.array(displayText).optional(),
    last_updated: ocpiDateTimeSchema,
  })
  .strict();
export type OcpiEvse = z.infer<typeof ocpiEvseSchema>;

export const ocpiLocationSchema = z
  .object({
    country_code: z.string().length(2),
    party_id: z.string().length(3),
    id: ocpiId(36),
    publish: z.boolean(),
    name: z.string().max(255).optional(),
    address: z.string().max(45),
    city: z.string().max(45),
    postal_code: z.string().max(10).optional(),
    state: z.string().max(20).optional(),
    country: z.string().regex(/^[A-Z]{3}$/),
    coordinates: ocpiGeoLocationSchema,
    evses: z.array(ocpiEvseSchema).optional(),
    directions: z.array(displayText).optional(),
    operator: operatorSchema.optional(),
    time_zone: z.string().min(1).max(255),
    opening_times: ocpiHoursSchema.optional(),
    charging_when_closed: z.boolean().optional(),
    last_updated: ocpiDateTimeSchema,
  })
  .strict();
export type OcpiLocation = z.infer<typeof ocpiLocationSchema>;

/** The body of a PATCH of an EVSE's status (Receiver interface, "PATCH Method"): what changed and last_updated. */
export const ocpiEvseStatusPatchSchema = z.object({ status: z.enum(OCPI_EVSE_STATUSES), last_updated: ocpiDateTimeSchema }).strict();
