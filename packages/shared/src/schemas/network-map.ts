import { z } from 'zod';
import { PIN_STATUSES } from '../pin-status.ts';
import { statusCountsSchema } from './chargers.ts';

// The pin's rule lives in a zod-free file so the web app can import it without zod (decision 064).
export * from '../pin-status.ts';

export const networkMapItemSchema = z.object({
  locationId: z.string(),
  name: z.string(),
  city: z.string(),
  lat: z.number(),
  lng: z.number(),
  timeZone: z.string(),
  chargers: statusCountsSchema.extend({ total: z.number().int() }),
  status: z.enum(PIN_STATUSES),
});
export type NetworkMapItem = z.infer<typeof networkMapItemSchema>;

export const networkMapSchema = z.object({
  items: z.array(networkMapItemSchema),
  /** True when the network has more locations in reach than the map answers. */
  truncated: z.boolean(),
});
export type NetworkMap = z.infer<typeof networkMapSchema>;
