import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ocpiEnvelope, ocpiEnvelopeAround } from '../../../lib/ocpi-envelope.ts';
import { ocpiListQuerySchema, pageLimit, setPageHeaders } from '../transport/ocpi-paging.ts';
import type { OcpiLocations } from './locations.service.ts';

/** Path segments are CiString(36); anything longer cannot name one of ours and is refused as invalid (2001). */
const segment = z.string().min(1).max(36);
const locationParams = z.object({ location_id: segment });
const evseParams = locationParams.extend({ evse_uid: segment });
const connectorParams = evseParams.extend({ connector_id: segment });

const config = { access: { public: true }, ocpiAuth: 'partner' } as const;

/** Locations, SENDER interface (mod_locations "Sender Interface"): GET list and GET object. */
export const locationsRoutes = async (app: FastifyInstance, { locations, publicUrl }: { locations: OcpiLocations; publicUrl: string }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/locations', { config, schema: { querystring: ocpiListQuerySchema } }, async (request, reply) => {
    const limit = pageLimit(request.query);
    const { offset, date_from: from, date_to: to } = request.query;
    const { total, json } = await locations.page({ from, to }, offset, limit);
    setPageHeaders(request, reply, publicUrl, { total, offset, limit });
    return reply.type('application/json; charset=utf-8').send(ocpiEnvelopeAround(json));
  });

  r.get('/locations/:location_id', { config, schema: { params: locationParams } }, async (request) =>
    ocpiEnvelope(await locations.location(request.params.location_id)),
  );

  r.get('/locations/:location_id/:evse_uid', { config, schema: { params: evseParams } }, async (request) =>
    ocpiEnvelope(await locations.evse(request.params.location_id, request.params.evse_uid)),
  );

  r.get('/locations/:location_id/:evse_uid/:connector_id', { config, schema: { params: connectorParams } }, async (request) =>
    ocpiEnvelope(await locations.connector(request.params.location_id, request.params.evse_uid, request.params.connector_id)),
  );
};
