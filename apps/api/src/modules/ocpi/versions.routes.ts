import { OCPI_VERSION } from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { OcpiEndpoint } from '../../db/schema/index.ts';
import { ocpiEnvelope } from '../../lib/ocpi-envelope.ts';

/**
 * Versions and version details (2.2.1 "Version information endpoint"): what a partner reads first, with token A
 * before it registers. Only the modules we serve are listed, each at /ocpi/2.2.1/<module>.
 */
export const versionsRoutes = async (
  app: FastifyInstance,
  { publicUrl, endpoints }: { publicUrl: string; endpoints: readonly Omit<OcpiEndpoint, 'url'>[] },
) => {
  const base = `${publicUrl}/ocpi/${OCPI_VERSION}`;
  const config = { access: { public: true }, ocpiAuth: 'registration' } as const;

  app.get('/versions', { config }, async () => ocpiEnvelope([{ version: OCPI_VERSION, url: base }]));

  app.get(`/${OCPI_VERSION}`, { config }, async () =>
    ocpiEnvelope({
      version: OCPI_VERSION,
      endpoints: endpoints.map((endpoint) => ({ ...endpoint, url: `${base}/${endpoint.identifier}` })),
    }),
  );
};
