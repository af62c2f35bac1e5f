import { appConfigResponseSchema } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../config.ts';
import { publicSsoConfig } from './sso/sso.service.ts';

/** What the browser needs to know at start-up; nothing secret. */
export const appConfigRoutes = async (app: FastifyInstance, { config }: { config: AppConfig }) => {
  app.withTypeProvider<ZodTypeProvider>().get('/app-config', {
    config: { access: { public: true } },
    schema: { tags: ['app'], summary: 'Public settings for the web app', response: { 200: appConfigResponseSchema } },
    handler: async () => ({
      websiteUrl: config.websiteUrl,
      environment: config.environment,
      mapTileUrl: config.map.tileUrl,
      mapAttribution: config.map.attribution,
      sso: publicSsoConfig(config),
    }),
  });
};
