/**
 * One server-sent event of the live feed: a charger's status, connectors or running sessions changed.
 * Small on purpose: a busy network sends many, and the screen refetches what it shows.
 *
 * Read without zod: the top bar's notification bell follows the feed on every dashboard screen, and zod would
 * otherwise be a quarter of the dashboard shell's JavaScript (issue 18). `liveEventSchema` is built from the same
 * field list.
 */
export const LIVE_EVENT_FIELDS = ['id', 'chargerId', 'locationId', 'reason', 'at'] as const;
export type LiveEvent = Record<(typeof LIVE_EVENT_FIELDS)[number], string>;

/** The event in `value` with only its own fields, or undefined when a field is missing or not a string. */
export const readLiveEvent = (value: unknown): LiveEvent | undefined => {
  if (typeof value !== 'object' || value === null) return undefined;
  const source = value as Record<string, unknown>;
  const event: Partial<LiveEvent> = {};
  for (const field of LIVE_EVENT_FIELDS) {
    const fieldValue = source[field];
    if (typeof fieldValue !== 'string') return undefined;
    event[field] = fieldValue;
  }
  return event as LiveEvent;
};
