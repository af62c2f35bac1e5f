import { OCPI_TOKEN_TYPES, ocpiTokenPatchSchema, ocpiTokenSchema } from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OcpiTokensService, TokenPath } from './tokens.service.ts';
import { ocpiEnvelope, ocpiErrors } from '../../lib/ocpi-envelope.ts';

const printable = (length: { min: number; max: number }) =>
  z
    .string()
    .min(length.min)
    .max(length.max)
    .regex(/^[\x20-\x7E]+$/);

/** `{token_endpoint_url}{country_code}/{party_id}/{token_uid}[?type={type}]` (2.2.1 Tokens, Receiver interface). */
const params = z.object({
  country_code: printable({ min: 2, max: 2 }),
  party_id: printable({ min: 3, max: 3 }),
  token_uid: printable({ min: 1, max: 36 }),
});
const query = z.object({ type: z.enum(OCPI_TOKEN_TYPES).default('RFID') });
const route = '/tokens/:country_code/:party_id/:token_uid';
const config = { access: { public: true }, ocpiAuth: 'partner' } as const;

const pathOf = (request: { params: z.infer<typeof params>; query: z.infer<typeof query> }): TokenPath => ({
  ...request.params,
  type: request.query.type,
});
const callerOf = (request: FastifyRequest) => {
  if (!request.ocpiCaller) throw ocpiErrors.unauthorized();
  return request.ocpiCaller;
};

/** The Tokens Receiver interface: partners push (PUT), update (PATCH) and check (GET) their drivers' tokens. */
export const tokensRoutes = async (scope: FastifyInstance, { tokens }: { tokens: OcpiTokensService }) => {
  const app = scope.withTypeProvider<ZodTypeProvider>();

  app.get(route, { config, schema: { params, querystring: query } }, async (request) =>
    ocpiEnvelope(await tokens.get(callerOf(request), pathOf(request))),
  );

  app.put(route, { config, schema: { params, querystring: query, body: ocpiTokenSchema } }, async (request) => {
    await tokens.put(callerOf(request), pathOf(request), request.body);
    return ocpiEnvelope(undefined);
  });

  app.patch(route, { config, schema: { params, querystring: query, body: ocpiTokenPatchSchema } }, async (request) => {
    await tokens.patch(callerOf(request), pathOf(request), request.body);
    return ocpiEnvelope(undefined);
  });
};
