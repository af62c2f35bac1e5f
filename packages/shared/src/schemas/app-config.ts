import { z } from 'zod';
import { ssoConfigSchema } from './sso.ts';

/** Settings the browser reads at start-up from GET /web/app-config (public). */
export const appConfigResponseSchema = z.object({
  websiteUrl: z.string(),
  environment: z.string(),
  /** Leaflet tile URL template, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png; null: a plain map with the pin. */
  mapTileUrl: z.string().nullable(),
  mapAttribution: z.string(),
  /** OpenID Connect clients of the two single sign-on routes; null where a route is not available. */
  sso: ssoConfigSchema,
});
export type AppConfigResponse = z.infer<typeof appConfigResponseSchema>;
