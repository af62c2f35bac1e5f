import { ocpiCredentialsSchema } from '@wattdesk/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ocpiEnvelope, ocpiErrors } from '../../../lib/ocpi-envelope.ts';
import type { CredentialsCaller, RegistrationServer } from './registration-server.ts';

const callerOf = (request: FastifyRequest): CredentialsCaller => {
  const caller = request.ocpiCaller;
  // The scope set both for every route declaring ocpiAuth; without them the request never got here.
  if (!caller || !request.ocpiToken) throw ocpiErrors.unauthorized();
  return { partnerId: caller.id, tokenKind: caller.tokenKind, token: request.ocpiToken, ip: request.ip };
};

/**
 * /ocpi/2.2.1/credentials, the credentials module as the server (both roles: a partner is Sender when it
 * registers here). Token A opens it as well as token C; the registration server decides what each may do.
 */
export const credentialsRoutes = async (app: FastifyInstance, { registration }: { registration: RegistrationServer }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: { public: true }, ocpiAuth: 'registration' } as const;

  r.get('/credentials', { config }, async (request) => ocpiEnvelope(registration.current(callerOf(request))));

  r.post('/credentials', { config, schema: { body: ocpiCredentialsSchema } }, async (request) =>
    ocpiEnvelope(await registration.register(callerOf(request), request.body)),
  );

  r.put('/credentials', { config, schema: { body: ocpiCredentialsSchema } }, async (request) =>
    ocpiEnvelope(await registration.update(callerOf(request), request.body)),
  );

  r.delete('/credentials', { config }, async (request) => {
    await registration.unregister(callerOf(request));
    return ocpiEnvelope(undefined);
  });
};
