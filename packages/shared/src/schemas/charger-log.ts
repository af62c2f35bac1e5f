import { z } from 'zod';
import { idSchema, pagedSchema, paginationQuerySchema, searchQuerySchema } from './common.ts';
import { fieldLabels, schemaMessages, schemaPatterns as p } from '../schema-messages.ts';
import { validationMessages as m } from '../messages.ts';

/**
 * What the OCPP server writes to the charger log (`charger_events.kind`). The server's logEvent takes this
 * type, so a new kind cannot be written without appearing in the Logs screen's filter.
 */
export const CHARGER_EVENT_KINDS = [
  'connected',
  'disconnected',
  'refused',
  'boot',
  'fault',
  'session',
  'command',
  'maintenance',
  'diagnostics',
  'firmware',
  'data-transfer',
  /** ID tags refused at Authorize or StartTransaction, and sessions stopped at a driver's limit. */
  'authorization',
  /** Reservations (ReserveNow, CancelReservation) made from charger bookings, and a 2.0.1 charger's updates of them. */
  'reservation',
  /** A 2.0.1 charger's SecurityEventNotification (a tamper, a firmware signature, a reset by a person on site...). */
  'security',
  /** A 2.0.1 charger's device model: NotifyEvent (a monitored variable changed) and NotifyReport. */
  'device',
] as const;
export type ChargerEventKind = (typeof CHARGER_EVENT_KINDS)[number];

const chargerLogFilterFields = z.object({
  locationId: idSchema,
  chargerId: idSchema.optional(),
  kind: z.enum(CHARGER_EVENT_KINDS, { error: p.oneOf(fieldLabels.kind, CHARGER_EVENT_KINDS.join(', ')) }).optional(),
  /** Days of the location's own time zone, as for sessions. */
  from: z.iso.date({ error: m.mustBeDate(fieldLabels.from) }).optional(),
  to: z.iso.date({ error: m.mustBeDate(fieldLabels.to) }).optional(),
  /** Part of the summary, any case. */
  search: searchQuerySchema.transform((value) => value || undefined),
});
// ISO days compare as text.
const fromBeforeTo = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.from <= query.to;
const fromBeforeToError = { error: schemaMessages.fromBeforeTo, path: ['from'] };

/** The filters of the log and of its CSV export. */
export const chargerLogExportQuerySchema = chargerLogFilterFields.refine(fromBeforeTo, fromBeforeToError);
export type ChargerLogFilter = z.infer<typeof chargerLogExportQuerySchema>;

export const chargerLogQuerySchema = chargerLogFilterFields.extend(paginationQuerySchema.shape).refine(fromBeforeTo, fromBeforeToError);
export type ChargerLogQuery = z.infer<typeof chargerLogQuerySchema>;

/** One entry of a location's charger log. `kind` is text: rows written before a kind was renamed still show. */
export const chargerLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  chargerId: z.string(),
  chargerCode: z.string(),
  chargerName: z.string(),
  kind: z.string(),
  summary: z.string(),
});
export type ChargerLogEntry = z.infer<typeof chargerLogEntrySchema>;
export const chargerLogResponseSchema = pagedSchema(chargerLogEntrySchema);
export type ChargerLogResponse = z.infer<typeof chargerLogResponseSchema>;
