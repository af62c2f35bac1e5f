import { AppError, OCPI_STATUS } from '@wattdesk/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/client.ts';
import { isDatabaseUnavailable } from '../../../db/db-errors.ts';
import { findCallerByTokenHashes, type OcpiCaller } from '../partners.repository.ts';
import { OcpiError, ocpiEnvelope, ocpiErrors } from '../../../lib/ocpi-envelope.ts';
import { hashCredentialsToken, tokensFromAuthorization } from './ocpi-token.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Which credentials token an OCPI route takes: 'registration' also the one-time token A (versions and
     * credentials, as 2.2.1 allows), 'partner' only a registered, connected partner's token.
     */
    ocpiAuth?: 'registration' | 'partner';
  }
  interface FastifyRequest {
    ocpiCaller: OcpiCaller | null;
    /** The credentials token the caller presented, as decoded: the credentials module answers it back (GET). */
    ocpiToken: string | null;
  }
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : undefined;
};

const send = (reply: FastifyReply, error: OcpiError) => reply.code(error.httpStatus).send(ocpiEnvelope(undefined, error.statusCode, error.message));

/** AppErrors of shared services keep their status; OCPI has no finer code for them than the generic ones. */
const fromAppError = (error: AppError) =>
  new OcpiError(error.status, error.status >= 500 ? OCPI_STATUS.SERVER_ERROR : OCPI_STATUS.CLIENT_ERROR, error.messages.join(' '));

/**
 * The /ocpi scope: credentials-token authentication, X-Request-ID / X-Correlation-ID echoed, and every answer —
 * refusals, unknown routes and our own faults included — in OCPI's envelope instead of the dashboard's
 * {responseCode, msg}. Routes register inside `register`; each declares `config.ocpiAuth`.
 */
export const ocpiScope = async (app: FastifyInstance, { db, register }: { db: Database; register: (scope: FastifyInstance) => Promise<void> }) => {
  app.decorateRequest('ocpiCaller', null);
  app.decorateRequest('ocpiToken', null);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-ID', header(request, 'x-request-id') ?? randomUUID());
    reply.header('X-Correlation-ID', header(request, 'x-correlation-id') ?? randomUUID());
    const wanted = request.routeOptions.config.ocpiAuth;
    // Only the catch-all below declares none: an unknown OCPI path is a 404 in the envelope, token or not.
    if (!wanted) return;
    const readings = tokensFromAuthorization(request.headers.authorization).map((token) => ({ token, hash: hashCredentialsToken(token) }));
    const caller = await findCallerByTokenHashes(
      db,
      readings.map((reading) => reading.hash),
    );
    if (!caller) throw ocpiErrors.unauthorized();
    // 2.2.1: token A opens only versions and credentials; a suspended partner is refused until resumed.
    if (wanted === 'partner' && caller.tokenKind === 'A')
      throw ocpiErrors.unauthorized('Register first: this token only opens versions and credentials');
    if (wanted === 'partner' && caller.status !== 'CONNECTED') throw ocpiErrors.unauthorized('This partner is suspended');
    request.ocpiCaller = caller;
    request.ocpiToken = readings.find((reading) => reading.hash === caller.tokenHash)?.token ?? null;
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof OcpiError) return send(reply, error);
    if (error instanceof AppError) return send(reply, fromAppError(error));
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = [...new Set(error.validation.map((issue) => `${issue.instancePath || 'body'}: ${issue.message ?? 'invalid'}`))];
      return send(reply, ocpiErrors.invalid(messages.join('; ')));
    }
    if (isDatabaseUnavailable(error)) {
      reply.header('retry-after', '5');
      return send(reply, new OcpiError(503, OCPI_STATUS.SERVER_ERROR, 'Temporarily unavailable, try again'));
    }
    const status = error.statusCode ?? 500;
    // A body that is not JSON is an invalid parameter in OCPI's terms (2001), like one the schema refuses.
    if (error instanceof SyntaxError || error.code?.startsWith('FST_ERR_CTP_'))
      return send(reply, new OcpiError(status >= 400 && status < 500 ? status : 400, OCPI_STATUS.INVALID_PARAMETERS, 'The body is not valid JSON'));
    if (status >= 400 && status < 500) return send(reply, new OcpiError(status, OCPI_STATUS.CLIENT_ERROR, error.message || 'Bad request'));
    request.log.error({ err: error }, 'ocpi: unhandled error');
    return send(reply, new OcpiError(500, OCPI_STATUS.SERVER_ERROR, 'Server error'));
  });

  // A route, not only a not-found handler: the web app's fallback would otherwise answer unknown GETs with its page.
  const unknown = async () => {
    throw ocpiErrors.notFound('No such OCPI endpoint');
  };
  app.setNotFoundHandler((_request, reply) => send(reply, ocpiErrors.notFound('No such OCPI endpoint')));
  app.all('/*', { config: { access: { public: true } }, schema: { hide: true } }, unknown);

  await register(app);
};
