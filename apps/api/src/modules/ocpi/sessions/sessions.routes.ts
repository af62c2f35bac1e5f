import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ocpiEnvelope, ocpiErrors } from '../../../lib/ocpi-envelope.ts';
import { ocpiListQuerySchema, pageLimit, setPageHeaders, type OcpiListQuery } from '../transport/ocpi-paging.ts';
import type { PageQuery, RoamingSessions } from './roaming-sessions.service.ts';

const config = { access: { public: true }, ocpiAuth: 'partner' } as const;

/**
 * GET /sessions, /cdrs and /tariffs (2.2.1 SENDER interfaces, "Paginated Response"): a partner sees only the
 * sessions and CDRs of its own drivers; tariffs are those of the locations we publish.
 */
export const roamingSessionsRoutes = async (app: FastifyInstance, { sessions, publicUrl }: { sessions: RoamingSessions; publicUrl: string }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { querystring: ocpiListQuerySchema };

  const pageOf = (query: OcpiListQuery): PageQuery => ({ from: query.date_from, to: query.date_to, offset: query.offset, limit: pageLimit(query) });
  const callerOf = (request: FastifyRequest) => {
    if (!request.ocpiCaller) throw ocpiErrors.unauthorized();
    return request.ocpiCaller.id;
  };
  const answer = <T>(request: FastifyRequest, reply: FastifyReply, page: PageQuery, { total, items }: { total: number; items: T[] }) => {
    setPageHeaders(request, reply, publicUrl, { total, offset: page.offset, limit: page.limit });
    return ocpiEnvelope(items);
  };

  r.get('/sessions', { config, schema }, async (request, reply) => {
    const page = pageOf(request.query);
    return answer(request, reply, page, await sessions.sessionsPage(callerOf(request), page));
  });

  r.get('/cdrs', { config, schema }, async (request, reply) => {
    const page = pageOf(request.query);
    return answer(request, reply, page, await sessions.cdrsPage(callerOf(request), page));
  });

  r.get('/tariffs', { config, schema }, async (request, reply) => {
    const page = pageOf(request.query);
    return answer(request, reply, page, await sessions.tariffsPage(page));
  });
};
