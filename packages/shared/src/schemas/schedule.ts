import { z } from 'zod';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { DAY_FILTERS, DURATION_HOURS } from '../constants.ts';
import { idSchema } from './common.ts';
import { validationMessages as m } from '../messages.ts';

/** A booking either happens once or repeats on the spec's day-filter keys until a date. */
export const BOOKING_REPEATS = ['none', ...DAY_FILTERS.map((d) => d.key)] as ['none', 'all-days', 'weekdays', 'weekends'];
export type BookingRepeat = (typeof BOOKING_REPEATS)[number];
export const MAX_BOOKING_CHARGERS = 50;
/** How far ahead a series may repeat: a year of days. */
export const MAX_BOOKING_REPEAT_DAYS = 366;
/** A week calendar asks for 7 days; a month view may ask for up to 42. */
export const MAX_SCHEDULE_DAYS = 42;

export const BOOKING_STATES = ['booked', 'reserved', 'cancelled'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];

const hourSchema = z
  .number({ error: p.hourOfDay(fieldLabels.startHour) })
  .int(p.wholeHour(fieldLabels.startHour))
  .min(0, p.hourOfDay(fieldLabels.startHour))
  .max(23, p.hourOfDay(fieldLabels.startHour));

const durationSchema = z
  .number({ error: m.mustBeDurationChoice(fieldLabels.duration) })
  .refine((value) => (DURATION_HOURS as readonly number[]).includes(value), { error: m.mustBeDurationChoice(fieldLabels.duration) });

/**
 * Book chargers of one location for a driver: from a local date and hour (the location's zone) for a number of
 * hours, once or repeated on All Days / Weekdays / Weekends up to and including `repeatUntil`.
 */
export const createBookingBodySchema = z
  .object({
    locationId: idSchema,
    chargerIds: z
      .array(idSchema, { error: schemaMessages.chooseCharger })
      .min(1, schemaMessages.chooseCharger)
      .max(MAX_BOOKING_CHARGERS, p.chooseAtMostChargers(MAX_BOOKING_CHARGERS))
      .refine((ids) => new Set(ids).size === ids.length, schemaMessages.chargerTwice),
    driverId: idSchema,
    startDate: z.iso.date({ error: m.mustBeDate(fieldLabels.startDate) }),
    startHour: hourSchema,
    durationHours: durationSchema,
    repeat: z.enum(BOOKING_REPEATS, { error: m.mustBeOneOf(fieldLabels.repeat, 'none, all-days, weekdays', 'weekends') }).default('none'),
    repeatUntil: z.iso
      .date({ error: m.mustBeDate(fieldLabels.repeatUntil) })
      .nullable()
      .default(null),
  })
  .refine((body) => body.repeat === 'none' || body.repeatUntil !== null, {
    error: schemaMessages.repeatUntilRequired,
    path: ['repeatUntil'],
  })
  .refine((body) => body.repeatUntil === null || body.repeatUntil >= body.startDate, {
    error: schemaMessages.repeatUntilAfterStart,
    path: ['repeatUntil'],
  })
  .refine((body) => body.repeatUntil === null || Date.parse(body.repeatUntil) - Date.parse(body.startDate) <= MAX_BOOKING_REPEAT_DAYS * 86_400_000, {
    error: p.bookingRepeatsAtMost(MAX_BOOKING_REPEAT_DAYS),
    path: ['repeatUntil'],
  });
export type CreateBookingBody = z.infer<typeof createBookingBodySchema>;
export type CreateBookingInput = z.input<typeof createBookingBodySchema>;

/** Move one booking or give it to another driver; what is left out stays. */
export const updateBookingBodySchema = z.object({
  driverId: idSchema.optional(),
  startDate: z.iso.date({ error: m.mustBeDate(fieldLabels.startDate) }).optional(),
  startHour: hourSchema.optional(),
  durationHours: durationSchema.optional(),
});
export type UpdateBookingBody = z.infer<typeof updateBookingBodySchema>;

export const bookingParamsSchema = z.object({ bookingId: idSchema });
export const cancelBookingQuerySchema = z.object({
  /** 'series': this booking and the later ones of its series. */
  scope: z.enum(['one', 'series'], { error: m.mustBeOneOf(fieldLabels.scope, 'one', 'series') }).default('one'),
});

export const scheduleQuerySchema = z.object({
  locationId: idSchema,
  from: z.iso.date({ error: m.mustBeDate(fieldLabels.from) }),
  days: z.coerce
    .number({ error: p.numberFromTo(fieldLabels.days, 1, MAX_SCHEDULE_DAYS) })
    .int(p.numberFromTo(fieldLabels.days, 1, MAX_SCHEDULE_DAYS))
    .min(1, p.numberFromTo(fieldLabels.days, 1, MAX_SCHEDULE_DAYS))
    .max(MAX_SCHEDULE_DAYS, p.numberFromTo(fieldLabels.days, 1, MAX_SCHEDULE_DAYS))
    .default(7),
});
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

export const bookingSchema = z.object({
  id: z.string(),
  seriesId: z.string(),
  locationId: z.string(),
  chargerId: z.string(),
  chargerName: z.string(),
  driverId: z.string(),
  driverName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** booked: waiting for its reservation; reserved: the charger holds it (ReserveNow accepted). */
  state: z.enum(BOOKING_STATES),
});
export type Booking = z.infer<typeof bookingSchema>;

export const scheduleResponseSchema = z.object({ timeZone: z.string(), items: z.array(bookingSchema) });
export type ScheduleResponse = z.infer<typeof scheduleResponseSchema>;

export const createBookingResponseSchema = z.object({ seriesId: z.string(), items: z.array(bookingSchema) });
export type CreateBookingResponse = z.infer<typeof createBookingResponseSchema>;
