import {
  okResponseSchema,
  signTermsBodySchema,
  successMessages,
  termsDocumentQuerySchema,
  termsLookupQuerySchema,
  termsResponseSchema,
} from '@wattdesk/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLocale } from '../../lib/i18n/request-locale.ts';
import { binaryResponse, errorResponses } from '../../lib/route-schemas.ts';
import { EMBEDDABLE_HEADERS } from '../../plugins/helmet.ts';
import type { SigningService } from './signing.service.ts';

export type TermsRoutesOptions = { signing: SigningService; rateLimit: { max: number; timeWindow: number } };

/** The agreement page's calls (spec section 7): public, found by the unguessable token, rate limited per address. */
export const termsRoutes = async (app: FastifyInstance, { signing, rateLimit }: TermsRoutesOptions) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const publicLimited = { access: { public: true }, rateLimit } as const;

  r.get('/terms-and-conditions', {
    config: publicLimited,
    schema: {
      tags: ['agreements'],
      summary: 'The agreement awaiting signature under this token: account, property and address',
      security: [],
      querystring: termsLookupQuerySchema,
      response: { 200: termsResponseSchema, ...errorResponses },
    },
    handler: (request) => signing.lookup(request.query.tokenId),
  });

  r.get('/terms-and-conditions/document', {
    config: publicLimited,
    schema: {
      tags: ['agreements'],
      summary:
        'The agreement as a PDF (application/pdf), for the page to embed, in the page language `lang` (else Accept-Language); the ETag is its SHA-256',
      security: [],
      querystring: termsDocumentQuerySchema,
      response: { 200: binaryResponse('The agreement as application/pdf'), ...errorResponses },
    },
    handler: async (request, reply) => {
      const { pdf, sha256 } = await signing.agreementPdf(request.query.tokenId, request.query.lang ?? requestLocale(request));
      return reply
        .type('application/pdf')
        .header('content-disposition', 'inline; filename="agreement.pdf"')
        .headers(EMBEDDABLE_HEADERS)
        .header('etag', `"sha256-${sha256}"`)
        .send(pdf);
    },
  });

  r.post('/terms-and-conditions', {
    config: publicLimited,
    schema: {
      tags: ['agreements'],
      summary: 'Sign the agreement: once, before it expires; the signed copy is e-mailed to the signer',
      security: [],
      body: signTermsBodySchema,
      response: { 200: okResponseSchema, ...errorResponses },
    },
    handler: async (request) => {
      await signing.sign(request.body.tokenId, {
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 1000) ?? null,
        locale: requestLocale(request),
      });
      return { responseCode: 200, msg: [successMessages.agreementSubmitted] };
    },
  });
};
