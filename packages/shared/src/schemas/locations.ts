import { z } from 'zod';
import { validationMessages as m } from '../messages.ts';
import { fieldLabels, schemaMessages } from '../schema-messages.ts';
import { CHARGER_KINDS } from '../constants.ts';
import { idSchema, paginationQuerySchema, searchQuerySchema, sortQuerySchema } from './common.ts';
import { idleFeeSettingsSchema } from './tariffs.ts';
import { alphabeticText, isTimeZone, optionalText, requiredText } from './fields.ts';

export const chargerSummarySchema = z.object({
  chargerId: z.string(),
  name: z.string(),
  thingName: z.string(),
});
export type ChargerSummary = z.infer<typeof chargerSummarySchema>;

export const addressSchema = z.object({
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  zipCode: z.string(),
  state: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const subscriptionSchema = z.object({ plan: z.string(), status: z.string(), renewsOn: z.string().nullable() }).nullable();

/** The location state of spec section 3, as GET /web/locations/location-by-id answers it. */
export const locationStateSchema = z.object({
  locationId: z.string(),
  name: z.string(),
  address: addressSchema,
  loc: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
  chargers: z.array(chargerSummarySchema),
  chargerCount: z.number().int(),
  locationCode: z.string(),
  timeZone: z.string(),
  /** ISO 4217: the currency of the location's prices; fees below are its minor units. */
  currency: z.string(),
  /** sessionFee null: the location uses the network's defaultSessionFee. */
  otherFees: z.object({ sessionFee: z.number().int().nullable(), defaultSessionFee: z.number().int() }),
  idleFeesOptions: idleFeeSettingsSchema,
  hasReseller: z.boolean(),
  subscription: subscriptionSchema,
  /** Whether OCPI roaming partners see the location (PUT /web/locations/:id/roaming), and its ISO 3166 alpha-3 country. */
  publishToRoaming: z.boolean(),
  countryCode: z.string(),
});
export type LocationState = z.infer<typeof locationStateSchema>;

export const locationByIdQuerySchema = z.object({ locationId: idSchema });

export const locationListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  hasReseller: z.boolean(),
  chargerCount: z.number().int(),
});
export type LocationListItem = z.infer<typeof locationListItemSchema>;

export const chargerKindSchema = z.enum(CHARGER_KINDS);

export const LOCATION_SORT_FIELDS = ['name', 'city', 'chargerCount'] as const;

export const locationListQuerySchema = paginationQuerySchema.extend({
  search: searchQuerySchema,
  sort: sortQuerySchema(LOCATION_SORT_FIELDS, 'name'),
  hasReseller: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type LocationListQuery = z.infer<typeof locationListQuerySchema>;

const longitude = z
  .number({ error: m.mustBeNumber(fieldLabels.longitude) })
  .min(-180, schemaMessages.longitudeRange)
  .max(180, schemaMessages.longitudeRange);
const latitude = z
  .number({ error: m.mustBeNumber(fieldLabels.latitude) })
  .min(-90, schemaMessages.latitudeRange)
  .max(90, schemaMessages.latitudeRange);

/**
 * The location profile: name, address and where the pin is (spec section 4, location profile update).
 * No defaults here: the update schema is its partial, and a default would overwrite fields not sent.
 */
export const locationProfileSchema = z.object({
  name: requiredText('Name', 120),
  addressLine1: requiredText('Address line 1', 200),
  addressLine2: optionalText('Address line 2', 200),
  city: alphabeticText('City', 100),
  state: alphabeticText('State', 100),
  zipCode: requiredText('Zip code', 10).regex(/^[A-Za-z0-9 -]{3,10}$/, schemaMessages.zipCode),
  lng: longitude,
  lat: latitude,
  timeZone: requiredText('Time zone', 64).refine(isTimeZone, schemaMessages.timeZone),
});
export type LocationProfile = z.infer<typeof locationProfileSchema>;

export const createLocationBodySchema = locationProfileSchema.extend({ addressLine2: optionalText('Address line 2', 200).default('') });
export type CreateLocationBody = z.infer<typeof createLocationBodySchema>;

export const updateLocationBodySchema = locationProfileSchema.partial().refine((body) => Object.keys(body).length > 0, {
  error: schemaMessages.sendFieldToChange,
});
export type UpdateLocationBody = z.infer<typeof updateLocationBodySchema>;

export const locationIdParamsSchema = z.object({ locationId: idSchema });

export const setResellerBodySchema = z.object({
  locationIds: z.array(idSchema).min(1, 'Choose at least one location').max(500, schemaMessages.locationsAtOnce),
  hasReseller: z.boolean({ error: m.mustBeTrueOrFalse(fieldLabels.hasReseller) }),
});
export type SetResellerBody = z.infer<typeof setResellerBodySchema>;

export const setResellerResponseSchema = z.object({ updated: z.number().int() });
export type SetResellerResponse = z.infer<typeof setResellerResponseSchema>;
export const accessCodeResponseSchema = z.object({ locationCode: z.string() });
