import type { StatusCounts } from './schemas/chargers.ts';

/** Most locations a network map answers: one pin each, so the map and its list stay light (the route summary says it). */
export const NETWORK_MAP_MAX_LOCATIONS = 2000;

/**
 * A pin's one word, the most urgent first: a location is as bad as its worst charger, so a fault is never hidden
 * behind a charger that works. Maintenance is planned work, so it ranks below a charger that went offline.
 */
export const PIN_STATUSES = ['faulted', 'offline', 'maintenance', 'charging', 'available', 'empty'] as const;
export type PinStatus = (typeof PIN_STATUSES)[number];

/** The pin of a location whose chargers have these counts: its most urgent status, or 'empty' without chargers. */
export const pinStatusOf = (counts: StatusCounts): PinStatus =>
  PIN_STATUSES.find((status): status is Exclude<PinStatus, 'empty'> => status !== 'empty' && counts[status] > 0) ?? 'empty';
