import {
  agreementIdParamsSchema,
  agreementListQuerySchema,
  agreementSchema,
  createAgreementBodySchema,
  pagedSchema,
  resendAgreementBodySchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../lib/audit.ts';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { authOf } from '../../lib/request-auth.ts';
import { binaryResponse, errorResponses } from '../../lib/route-schemas.ts';
import type { AgreementsService } from './agreements.service.ts';

/** Staff side of agreements, per location. Routes by agreement id check its location in the service. */
export const agreementsRoutes = async (app: FastifyInstance, { agreements }: { agreements: AgreementsService }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/agreements', {
    config: { access: { permission: 'Agreements_View', location: 'query.locationId' } },
    schema: {
      tags: ['agreements'],
      summary: 'Agreements of a location with their status (sent, signed, expired): paged, filterable, sortable',
      querystring: agreementListQuerySchema,
      response: { 200: pagedSchema(agreementSchema), ...errorResponses },
    },
    handler: (request) => agreements.list(request.query),
  });

  r.post('/agreements', {
    config: { access: { permission: 'Agreements_Send', location: 'body.locationId' } },
    schema: {
      tags: ['agreements'],
      summary: 'Create an agreement for a location and e-mail the signing link to the signer',
      body: createAgreementBodySchema,
      response: { 201: agreementSchema, ...errorResponses, 502: errorResponses[503] },
    },
    handler: async (request, reply) => reply.code(201).send(await agreements.create(actorOf(request), request.body, requestLocale(request))),
  });

  r.post('/agreements/:agreementId/resend', {
    config: { access: { permission: 'Agreements_Send' } },
    schema: {
      tags: ['agreements'],
      summary: 'E-mail the signing link again; an expired agreement needs a new expiry',
      params: agreementIdParamsSchema,
      body: resendAgreementBodySchema.nullish(),
      response: { 200: agreementSchema, ...errorResponses, 502: errorResponses[503] },
    },
    handler: (request) =>
      agreements.resend(authOf(request), actorOf(request), request.params.agreementId, request.body ?? {}, requestLocale(request)),
  });

  r.get('/agreements/:agreementId/signed-pdf', {
    config: { access: { permission: 'Agreements_View' } },
    schema: {
      tags: ['agreements'],
      summary: 'Download the signed agreement (agreement and signature certificate) as a PDF',
      params: agreementIdParamsSchema,
      response: { 200: binaryResponse('The signed agreement as application/pdf'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { pdf, filename } = await agreements.signedPdf(authOf(request), request.params.agreementId);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });
};
